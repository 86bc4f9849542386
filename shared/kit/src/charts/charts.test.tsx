import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarChart, LineChart, PieChart, textBox, type ChartSeries } from '.';

// The charts as drawn: measured width (a ResizeObserver that reports a phone's 390 px), every text's box from its
// position, anchor and estimated width, and the marks' names, the legend and the table.

const planned: ChartSeries = { key: 'planned', label: 'Planned hours', points: [{ key: '1', label: 'Camden', value: 120 }, { key: '2', label: 'Leeds', value: 80 }] };
const delivered: ChartSeries = { key: 'delivered', label: 'Delivered hours', points: [{ key: '1', label: 'Camden', value: 110.5 }, { key: '2', label: 'Leeds', value: 64 }] };

/** Every <text> of every SVG in `chart`, with its box; each SVG's own size and viewBox. */
function drawn(chart: HTMLElement) {
  return [...chart.querySelectorAll('svg')].map((svg) => {
    const texts = [...svg.querySelectorAll('text')].map((text) => {
      const size = Number(text.getAttribute('font-size'));
      const content = text.textContent ?? '';
      const anchor = (text.getAttribute('text-anchor') ?? 'start') as 'start' | 'middle' | 'end';
      return { content, size, ...textBox(Number(text.getAttribute('x')), Number(text.getAttribute('y')), content, anchor, size) };
    });
    return { width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')), viewBox: svg.getAttribute('viewBox'), texts };
  });
}

/** Every text at 11 px or more, inside its SVG, overlapping no other; the SVGs drawn unscaled. */
function expectReadable(chart: HTMLElement) {
  const svgs = drawn(chart);
  expect(svgs.length).toBeGreaterThan(0);
  for (const svg of svgs) {
    // Drawn at its real size: one SVG unit is one CSS pixel, so a 12 px font is shown at 12 px.
    expect(svg.viewBox).toBe(`0 0 ${svg.width} ${svg.height}`);
    for (const text of svg.texts) {
      expect(text.size).toBeGreaterThanOrEqual(11);
      expect(text.left).toBeGreaterThanOrEqual(-0.5);
      expect(text.right).toBeLessThanOrEqual(svg.width + 0.5);
    }
    for (let i = 0; i < svg.texts.length; i += 1)
      for (let j = i + 1; j < svg.texts.length; j += 1) {
        const a = svg.texts[i]!;
        const b = svg.texts[j]!;
        const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
        if (!apart) throw new Error(`"${a.content}" overlaps "${b.content}"`);
      }
  }
  return svgs;
}

let reported: number | null = null;
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    if (reported) this.callback([{ target, contentRect: { width: reported } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
beforeEach(() => {
  reported = null;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
});
afterEach(() => {
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
function days(count: number, series: string[]): ChartSeries[] {
  return series.map((label, seriesIndex) => ({
    key: label.toLowerCase(),
    label,
    points: Array.from({ length: count }, (_, index) => {
      const date = new Date(Date.UTC(2031, 2, 1 + index));
      return {
        key: date.toISOString().slice(0, 10),
        label: date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
        short: `${DAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()}`,
        value: ((index * 7919 + seriesIndex * 104_729) % 250_000) + 1000,
      };
    }),
  }));
}

describe('charts at a phone’s width (390 px)', () => {
  it('thins a month of days to short labels that never overlap, text 12 px, drawn at the real width', () => {
    reported = 390;
    render(<BarChart title="Money per day" unit="money" series={days(31, ['Invoiced', 'Credited', 'Received', 'Expenses'])} onSelectCategory={() => undefined} selected={null} />);
    const chart = screen.getByRole('group', { name: /Money per day/ });
    const svgs = expectReadable(chart);
    const plot = svgs[1]!;
    const dayLabels = plot.texts.filter((text) => /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d+$/.test(text.content));
    expect(dayLabels.length).toBeGreaterThan(3);
    expect(dayLabels.length).toBeLessThanOrEqual(16);
    expect(dayLabels[0]!.content).toBe('Sat 1');
    // The value axis in pounds, 1-2-5 steps.
    expect(svgs[0]!.texts.map((text) => text.content)).toContain('£0');
    expect(svgs[0]!.texts.every((text) => /^£\d{1,3}(,\d{3})*$/.test(text.content))).toBe(true);
    // Each day is still a button named with its whole date and figures.
    expect(within(chart).getAllByRole('button')).toHaveLength(31);
    expect(within(chart).getByRole('button', { name: /^2 March 2031: Invoiced £/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('labels every day whole or short when the same month is drawn wide', () => {
    reported = 1800;
    render(<BarChart title="Money per day" unit="money" series={days(31, ['Invoiced'])} />);
    const svgs = expectReadable(screen.getByRole('img', { name: /Money per day/ }));
    expect(svgs[1]!.texts.filter((text) => /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d+$|^\d+ March( 2031)?$/.test(text.content)).length).toBe(31);
  });

  it('lays bars across with whole names on the left when names do not fit under the bars', () => {
    reported = 390;
    const names = ['Margaret Ellison', 'Reginald Okonkwo-Smythe', 'Ada Lovelace', 'Winifred Bartholomew', 'Tom Li', 'Dorothy Featherstonehaugh'];
    const series = ['Planned', 'Delivered'].map((label, seriesIndex) => ({ key: label, label, points: names.map((name, index) => ({ key: String(index), label: name, value: 10 + index * 3.5 - seriesIndex })) }));
    render(<BarChart title="Hours per client" unit="hours" series={series} />);
    const svgs = expectReadable(screen.getByRole('img', { name: /Hours per client/ }));
    const texts = svgs[0]!.texts.map((text) => text.content);
    expect(texts).toContain('Margaret Ellison');
    expect(texts.join(' ')).toContain('Featherstonehaugh');
    expect(texts.some((text) => text.includes('…'))).toBe(false);
  });

  it('keeps a line chart’s labels apart and names its lines', () => {
    reported = 390;
    const months = ['Apr 30', 'May 30', 'Jun 30', 'Jul 30', 'Aug 30', 'Sep 30', 'Oct 30', 'Nov 30', 'Dec 30', 'Jan 31', 'Feb 31', 'Mar 31'];
    const series = ['Accidents', 'Incidents', 'Complaints', 'Compliments', 'Safeguarding'].map((label, seriesIndex) => ({
      key: label,
      label,
      points: months.map((month, index) => ({ key: month, label: month, value: (index + seriesIndex) % 4 })),
    }));
    render(<LineChart title="Records by month" unit="count" series={series} />);
    const chart = screen.getByRole('img', { name: /Records by month/ });
    const svgs = expectReadable(chart);
    const ticks = svgs[0]!.texts.filter((text) => /^\d+(\.\d+)?$/.test(text.content)).map((text) => text.content);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((tick) => /^\d+$/.test(tick))).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('Safeguarding')).toBeInTheDocument();
  });

  it('keeps a pie’s labels apart, or leaves them to the legend', () => {
    for (const width of [390, 300, 800]) {
      reported = width;
      const { unmount } = render(
        <PieChart title="Visits by outcome" unit="count" data={[{ key: 'a', label: 'On time', value: 300 }, { key: 'b', label: 'Late by more than 15 minutes', value: 3 }, { key: 'c', label: 'Missed', value: 2 }, { key: 'd', label: 'Cancelled', value: 1 }]} />,
      );
      expectReadable(screen.getByRole('img', { name: /Visits by outcome/ }));
      expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('Missed')).toBeInTheDocument();
      unmount();
    }
  });
});

describe('BarChart', () => {
  it('writes each value on its bar, summarises the figures and offers them as a table', async () => {
    render(<BarChart title="Hours by branch" series={[planned, delivered]} />);
    const chart = screen.getByRole('img', { name: /Hours by branch\. Planned hours: highest Camden 120, lowest Leeds 80; Delivered hours: highest Camden 110\.5/ });
    expect(within(chart).getByText('110.5')).toBeInTheDocument();
    expect(within(chart).getByText('64')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The legend names each series and its pattern (colour is never the only cue).
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Delivered hours')).toBeInTheDocument();
    expect(within(legend).getByText('(diagonal lines)')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show the figures as a table' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Hours by branch: figures' });
    const leeds = within(table).getByRole('row', { name: /Leeds/ });
    expect(within(leeds).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['80', '64']);
  });

  it('lets a bar be chosen by click or keyboard to drill down', async () => {
    const onSelect = jest.fn();
    render(<BarChart title="Hours by branch" series={[planned, delivered]} onSelect={onSelect} />);
    const chart = screen.getByRole('group', { name: /Hours by branch/ });
    expect(within(chart).getAllByRole('button')).toHaveLength(4);
    await userEvent.click(within(chart).getByRole('button', { name: /Delivered hours, Leeds: 64/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ key: '2', label: 'Leeds', value: 64, series: 'delivered', seriesLabel: 'Delivered hours' });
    within(chart).getByRole('button', { name: /Planned hours, Camden: 120/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ key: '1', series: 'planned', value: 120 }));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('lets a whole category be chosen, from its bars or its row in the table', async () => {
    const onSelectCategory = jest.fn();
    render(<BarChart title="Hours by branch" series={[planned, delivered]} onSelectCategory={onSelectCategory} selected="2" selectHint="Show the branch" />);
    const chart = screen.getByRole('group', { name: /Hours by branch/ });
    const leeds = within(chart).getByRole('button', { name: 'Leeds: Planned hours 80, Delivered hours 64. Show the branch' });
    expect(leeds).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(chart).getByRole('button', { name: /^Camden:/ }));
    expect(onSelectCategory).toHaveBeenLastCalledWith({ key: '1', label: 'Camden' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Leeds' }));
    expect(onSelectCategory).toHaveBeenLastCalledWith({ key: '2', label: 'Leeds' });
  });

  it('writes the total above each stacked bar', () => {
    render(<BarChart title="Visits" layout="stacked" series={[planned, delivered]} />);
    expect(within(screen.getByRole('img')).getByText('230.5')).toBeInTheDocument();
  });

  it('ticks a count axis in whole numbers', () => {
    render(<BarChart title="Late visits" unit="count" orientation="vertical" series={[{ key: 'late', label: 'Late', points: [1, 2, 3, 5].map((value, index) => ({ key: String(index), label: `Branch ${index + 1}`, value })) }]} />);
    const axis = screen.getByRole('img').querySelector('svg')!;
    const ticks = [...axis.querySelectorAll('text')].map((text) => text.textContent);
    expect(ticks[0]).toBe('0');
    expect(ticks.every((tick) => /^\d+$/.test(tick ?? ''))).toBe(true);
  });

  it('says when there is nothing to draw', () => {
    render(<BarChart title="Hours" series={[{ key: 'h', label: 'Hours', points: [] }]} />);
    expect(screen.getByRole('img', { name: 'Hours: no data.' })).toBeInTheDocument();
  });
});

describe('PieChart', () => {
  const outcomes = [
    { key: 'on_time', label: 'On time', value: 30 },
    { key: 'late', label: 'Late', value: 10 },
    { key: 'missed', label: 'Missed', value: 0 },
  ];

  it('labels each slice with its value and share and drills down on Space', async () => {
    const onSelect = jest.fn();
    render(<PieChart title="Visits by outcome" data={outcomes} donut valueLabel="Visits" onSelect={onSelect} />);
    const chart = screen.getByRole('group', { name: /Total 40: On time 30 \(75%\), Late 10 \(25%\), Missed 0 \(0%\)/ });
    expect(within(chart).getByText('Late 10 (25%)')).toBeInTheDocument();
    // A zero slice draws nothing, so it is not a button either.
    expect(within(chart).getAllByRole('button')).toHaveLength(2);
    within(chart).getByRole('button', { name: /Late: 10 \(25%\)/ }).focus();
    await userEvent.keyboard(' ');
    expect(onSelect).toHaveBeenCalledWith({ key: 'late', label: 'Late', value: 10, series: 'value', seriesLabel: 'Visits' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Visits' })).toBeInTheDocument();
  });
});

describe('LineChart', () => {
  it('names each line and makes each point a button', async () => {
    const onSelect = jest.fn();
    const weeks = (values: number[]) => values.map((value, index) => ({ key: `w${index}`, label: `W${index + 1}`, value }));
    render(<LineChart title="Weekly hours" series={[{ key: '1', label: 'Camden', points: weeks([100, 110, 120]) }, { key: '2', label: 'Leeds', points: weeks([50, 40, 45]) }]} onSelect={onSelect} />);
    const chart = screen.getByRole('group', { name: /Camden: highest W3 120, lowest W1 100; Leeds: highest W1 50, lowest W2 40/ });
    expect(within(chart).getByText('Leeds 45')).toBeInTheDocument();
    await userEvent.click(within(chart).getByRole('button', { name: /Leeds, W2: 40/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ series: '2', key: 'w1', value: 40 }));
  });
});
