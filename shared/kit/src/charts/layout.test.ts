import { layoutCategoryLabels, spreadApart } from './layout';
import { textWidth, wrap, wrapOrTruncate } from './text';

const march = Array.from({ length: 31 }, (_, index) => {
  const day = index + 1;
  const weekday = ['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'][index % 7]!;
  return { label: `${day} March 2031`, short: `${weekday} ${day}` };
});
const centres = (count: number, width: number) => Array.from({ length: count }, (_, index) => (width / count) * (index + 0.5));
const overlaps = (labels: { left: number; right: number }[]) => labels.some((label, index) => index > 0 && label.left < labels[index - 1]!.right);

describe('layoutCategoryLabels', () => {
  it('labels every other day or fewer, in short form, when a month of days is drawn 390 px wide', () => {
    const plot = 390 - 60;
    const layout = layoutCategoryLabels(march, centres(31, plot), { minX: 0, maxX: plot })!;
    expect(layout.form).toBe('short');
    expect(layout.step).toBeGreaterThanOrEqual(2);
    expect(layout.labels[0]!.lines).toEqual(['Sat 1']);
    expect(layout.labels.map((label) => label.index)).toEqual(march.map((_, index) => index).filter((index) => index % layout.step === 0));
    expect(overlaps(layout.labels)).toBe(false);
    for (const label of layout.labels) {
      expect(label.left).toBeGreaterThanOrEqual(0);
      expect(label.right).toBeLessThanOrEqual(plot);
      expect(label.right - label.left).toBe(textWidth(label.lines[0]!));
    }
  });

  it('labels every day whole when there is room, and wraps names onto two lines before giving up', () => {
    const week = march.slice(0, 7);
    expect(layoutCategoryLabels(week, centres(7, 1400), { minX: 0, maxX: 1400 })!.form).toBe('whole');
    const wrapped = layoutCategoryLabels(week, centres(7, 600), { minX: 0, maxX: 600 })!;
    expect(wrapped).toMatchObject({ form: 'wrapped', step: 1, lines: 2 });
    expect(wrapped.labels[0]!.lines).toEqual(['1 March', '2031']);
  });

  it('says it cannot fit names without a short form when asked not to thin them (bars go across instead)', () => {
    const names = ['Camden Domiciliary', 'Leeds supported living', 'Hackney reablement', 'Islington night service'].map((label) => ({ label }));
    expect(layoutCategoryLabels(names, centres(4, 300), { minX: 0, maxX: 300, noThinning: true })).toBeNull();
    expect(layoutCategoryLabels(names, centres(4, 900), { minX: 0, maxX: 900, noThinning: true })).not.toBeNull();
  });
});

describe('text', () => {
  it('wraps at spaces within a width, or says it cannot; wrapOrTruncate always answers', () => {
    expect(wrap('Leeds supported living', 110, 2)).toEqual(['Leeds supported', 'living']);
    expect(wrap('Leeds supported living', 40, 2)).toBeNull();
    const cut = wrapOrTruncate('Moving and handling people refresher', 90, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]).toMatch(/…$/);
    for (const line of cut) expect(textWidth(line)).toBeLessThanOrEqual(90);
  });

  it('spreads labels a line apart inside their range', () => {
    expect(spreadApart([50, 52, 200], 15, 0, 300)).toEqual([50, 65, 200]);
    expect(spreadApart([295, 296], 15, 0, 300)).toEqual([285, 300]);
  });
});
