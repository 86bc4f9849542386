import { FONT_SIZE, LINE_HEIGHT, textWidth, truncate, wrap } from './text';

// Where a chart's category labels go (the days or names under the bars or points): whole when they fit, on two
// lines, or in their short form ("Mon 3"), else only every 2nd, 3rd… category is labelled, so no two labels ever
// overlap at the width the chart is drawn.

export interface CategoryText {
  /** The whole name (the table and the accessible names always use it). */
  label: string;
  /** A shorter form for a narrow axis, e.g. "Mon 3" for "Monday 3 March 2031". */
  short?: string;
}

/** A label as drawn: one <text> per line, centred on `x`; `left`/`right` are its box. */
export interface PlacedLabel {
  index: number;
  x: number;
  lines: string[];
  left: number;
  right: number;
}

export interface CategoryAxisLayout {
  labels: PlacedLabel[];
  /** Every `step`-th category is labelled (1: all). */
  step: number;
  /** Which form was drawn. */
  form: 'whole' | 'wrapped' | 'short';
  /** The most lines a label takes. */
  lines: number;
}

export interface CategoryAxisOptions {
  /** The axis's extent: no label goes past either end. */
  minX: number;
  maxX: number;
  /** Lines a whole label may be broken into (default 2). */
  maxLines?: number;
  /** Space kept between two labels, px (default 6). */
  gap?: number;
  fontSize?: number;
  /** Never thin: the caller draws another layout instead (horizontal bars) when this one does not fit. */
  noThinning?: boolean;
}

function place(texts: string[][], xs: number[], indices: number[], options: Required<Omit<CategoryAxisOptions, 'noThinning'>>): PlacedLabel[] | null {
  const placed: PlacedLabel[] = [];
  for (const index of indices) {
    const lines = texts[index]!;
    const width = Math.max(0, ...lines.map((line) => textWidth(line, options.fontSize)));
    if (width > options.maxX - options.minX) return null;
    const x = Math.min(Math.max(xs[index]!, options.minX + width / 2), options.maxX - width / 2);
    const label = { index, x, lines, left: x - width / 2, right: x + width / 2 };
    const previous = placed[placed.length - 1];
    if (previous && label.left < previous.right + options.gap) return null;
    placed.push(label);
  }
  return placed;
}

/**
 * The category labels of an axis whose categories are centred at `xs`: every label whole on one line; else whole
 * on up to `maxLines` lines; else the short forms; else every 2nd, 3rd… category (short or whole form, on one
 * line). The labels' boxes never overlap and never pass minX/maxX.
 */
export function layoutCategoryLabels(categories: CategoryText[], xs: number[], options: CategoryAxisOptions): CategoryAxisLayout | null {
  const settings = { maxLines: 2, gap: 6, fontSize: FONT_SIZE, ...options };
  const count = categories.length;
  if (!count) return { labels: [], step: 1, form: 'whole', lines: 0 };
  const all = categories.map((_, index) => index);
  const pitch = count > 1 ? Math.abs(xs[1]! - xs[0]!) : settings.maxX - settings.minX;
  const whole = place(categories.map((category) => [category.label]), xs, all, settings);
  if (whole) return { labels: whole, step: 1, form: 'whole', lines: 1 };
  const wrapped = categories.map((category) => wrap(category.label, pitch - settings.gap, settings.maxLines, settings.fontSize));
  if (wrapped.every(Boolean)) {
    const placed = place(wrapped as string[][], xs, all, settings);
    if (placed) return { labels: placed, step: 1, form: 'wrapped', lines: Math.max(...placed.map((label) => label.lines.length)) };
  }
  const hasShort = categories.some((category) => category.short);
  const short = categories.map((category) => [category.short ?? category.label]);
  if (hasShort) {
    const placed = place(short, xs, all, settings);
    if (placed) return { labels: placed, step: 1, form: 'short', lines: 1 };
  }
  if (settings.noThinning) return null;
  for (let step = 2; step <= count; step += 1) {
    const indices = all.filter((index) => index % step === 0);
    const placed = place(short, xs, indices, settings);
    if (placed) return { labels: placed, step, form: hasShort ? 'short' : 'whole', lines: 1 };
  }
  // Not even one label fits the axis whole: the first one, cut to the axis.
  const text = truncate(short[0]![0]!, settings.maxX - settings.minX, settings.fontSize);
  const width = textWidth(text, settings.fontSize);
  const x = settings.minX + width / 2;
  return { labels: [{ index: 0, x, lines: [text], left: x - width / 2, right: x + width / 2 }], step: count, form: 'short', lines: 1 };
}

/** Moves labels' centres (sorted by y) apart so each is at least `spacing` from the next, within [min, max]. */
export function spreadApart(ys: number[], spacing: number, min: number, max: number): number[] {
  const order = ys.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
  const placed = order.map((item) => Math.min(Math.max(item.y, min), max));
  for (let i = 1; i < placed.length; i += 1) placed[i] = Math.max(placed[i]!, placed[i - 1]! + spacing);
  const overflow = placed.length ? placed[placed.length - 1]! - max : 0;
  if (overflow > 0) {
    placed[placed.length - 1] = max;
    for (let i = placed.length - 2; i >= 0; i -= 1) placed[i] = Math.min(placed[i]!, placed[i + 1]! - spacing);
  }
  const result = new Array<number>(ys.length);
  order.forEach((item, position) => (result[item.index] = placed[position]!));
  return result;
}

/** The box of one line of text as drawn (x/y are the SVG text's position, y its baseline). */
export function textBox(x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end' = 'start', fontSize = FONT_SIZE) {
  const width = textWidth(text, fontSize);
  const left = anchor === 'start' ? x : anchor === 'end' ? x - width : x - width / 2;
  return { left, right: left + width, top: y - fontSize * 0.8, bottom: y + fontSize * 0.2 };
}

export { LINE_HEIGHT };
