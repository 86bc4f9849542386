import { drawText, Flow, INK, MARGIN, MUTED, printable, RULE, textWidth, type Fonts } from '@hcm/server/platform';

// pdf-lib itself is the platform's dependency, not this area's: its types are reached through the platform's.
type PDFPage = Flow['page'];

// Drawing helpers shared by the finance documents: money and time as printed, tables that repeat their header
// on each new page, and the VOID mark. Built on the platform's Flow so finance PDFs look like the rest.

const POUNDS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** £1,234.56 from integer pence (display only: sums are done in pence). */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  return `${sign}£${POUNDS.format(Math.abs(pence) / 100)}`;
}

// One formatter for every time on a document: creating Intl formatters per line is what makes PDFs slow.
const UK_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** HH:MM in UK time (GMT or BST) of an instant. */
export const ukTime = (instant: Date | string | null): string => (instant ? UK_TIME.format(new Date(instant)) : '');

/** 1 h 30 min → "1.50 h": hours with two decimals from whole minutes, for councils' reconciliations. */
export const hoursOf = (minutes: number) => `${(minutes / 60).toFixed(2)} h`;

export type Column = { label: string; width: number; align?: 'left' | 'right' };

const ROW = 11;
const SIZE = 7.5;

/**
 * A table drawn on a Flow: fixed columns (widths in points, the last takes what is left), cells cut to fit,
 * the header repeated at the top of each new page.
 */
export class Table {
  constructor(
    readonly flow: Flow,
    readonly columns: readonly Column[],
  ) {}

  private widths(): number[] {
    const fixed = this.columns.slice(0, -1).reduce((sum, column) => sum + column.width, 0);
    return this.columns.map((column, index) => (index === this.columns.length - 1 ? Math.max(column.width, this.flow.width - fixed) : column.width));
  }

  header() {
    this.flow.ensure(ROW * 3);
    this.draw(this.columns.map((column) => column.label), { bold: true });
    this.flow.page.drawLine({ start: { x: MARGIN, y: this.flow.y - 2 }, end: { x: MARGIN + this.flow.width, y: this.flow.y - 2 }, thickness: 0.5, color: RULE });
    this.flow.y -= 3;
  }

  /** One row; `span`: the last filled cell runs on to the table's right edge (a note under a line). */
  row(cells: readonly string[], options: RowOptions = {}) {
    if (this.flow.y - ROW < MARGIN) {
      this.flow.newPage();
      this.header();
    }
    this.draw(cells, options);
  }

  private draw(cells: readonly string[], options: RowOptions) {
    const { fonts, page } = this.flow;
    const font = options.bold ? fonts.bold : fonts.regular;
    this.flow.y -= ROW;
    let x = MARGIN;
    const last = cells.length - 1;
    this.widths().forEach((columnWidth, index) => {
      if (options.span && index > last) return;
      const width = options.span && index === last ? MARGIN + this.flow.width - x : columnWidth;
      const text = fit(printable(cells[index] ?? '', font).replace(/\n/g, ' '), font, width - 4);
      const column = this.columns[index]!;
      const left = column.align === 'right' ? x + width - 4 - textWidth(text, font, SIZE) : x;
      if (text) drawText(page, text, { x: left, y: this.flow.y, size: SIZE, font, color: options.muted ? MUTED : INK });
      x += columnWidth;
    });
  }
}

type RowOptions = { bold?: boolean; muted?: boolean; span?: boolean };

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text cut to the width with an ellipsis-like '..' (a table cell never spills into the next), measured as the
 * platform draws it (names in any script) and cut between letters, never inside one.
 */
function fit(text: string, font: Fonts['regular'], width: number, size = SIZE): string {
  if (textWidth(text, font, size) <= width) return text;
  const letters = [...graphemes.segment(text)].map(({ segment }) => segment);
  // The longest start that fits with its '..' (found by halving: a long cell is measured a few times, not once a letter).
  let fits = 1;
  let over = letters.length;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (textWidth(`${letters.slice(0, middle).join('')}..`, font, size) <= width) fits = middle;
    else over = middle;
  }
  return `${letters.slice(0, fits).join('')}..`;
}

/** Label and amount pairs, right-aligned, for the totals under an invoice. */
export function totals(flow: Flow, rows: readonly { label: string; pence: number; bold?: boolean }[]) {
  const right = MARGIN + flow.width;
  for (const row of rows) {
    flow.ensure(14);
    flow.y -= 13;
    const font = row.bold ? flow.fonts.bold : flow.fonts.regular;
    const amount = formatPence(row.pence);
    drawText(flow.page, row.label, { x: right - 220, y: flow.y, size: 9.5, font, color: INK });
    drawText(flow.page, amount, { x: right - textWidth(amount, font, 9.5), y: flow.y, size: 9.5, font, color: INK });
  }
  flow.y -= 4;
}

/** A large grey VOID across a page: a voided invoice can be printed, never mistaken for a live one. */
export function voidMark(page: PDFPage, fonts: Fonts) {
  drawText(page, 'VOID', { x: 130, y: 330, size: 150, font: fonts.bold, color: MUTED, opacity: 0.25 });
}

/** Two blocks side by side at the top of a document: the agency on the left, the document's facts on the right. */
export function letterhead(flow: Flow, left: readonly string[], right: readonly string[]) {
  const top = flow.y;
  const half = flow.width / 2;
  const lineAt = (lines: readonly string[], x: number, firstBold: boolean) => {
    let y = top;
    lines.forEach((line, index) => {
      const font = index === 0 && firstBold ? flow.fonts.bold : flow.fonts.regular;
      const size = index === 0 && firstBold ? 12 : 9;
      y -= size * 1.35;
      drawText(flow.page, fit(printable(line, font).replace(/\n/g, ' '), font, half - 8, size), { x, y, size, font, color: index === 0 ? INK : MUTED });
    });
    return y;
  };
  const bottom = Math.min(lineAt(left, MARGIN, true), lineAt(right, MARGIN + half, false));
  flow.y = bottom - 8;
}
