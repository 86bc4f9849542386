import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedFamily } from './fonts.js';
import { drawText, EMPTY_LINE, measureAfter, printable, textWidth } from './text.js';

// The house's way of drawing PDFs on the server with pdf-lib: A4 pages, Noto Sans regular and bold (with Noto Sans
// Arabic for Arabic, shaped and set right to left: ./text.ts), text that wraps and flows onto new pages with a
// footer on each. Areas' PDFs (care plans, MAR charts, invoices, record documents, notifications, exports) are
// written with these, so they look like one product and print every name.

export { drawText, FALLBACK, printable, textWidth, type DrawTextOptions } from './text.js';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.45);
export const RULE = rgb(0.7, 0.72, 0.76);

/** The two weights text is set in; each also draws with the faces behind it (Arabic), through drawText and textWidth. */
export type Fonts = { regular: PDFFont; bold: PDFFont };

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Splits text into lines no wider than `width` (honouring its own line breaks), measuring each word as drawText
 * draws it. A word wider than a line is cut between letters (never inside an accented letter or a surrogate pair).
 */
export function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printable(value, font).split('\n')) {
    let line = '';
    let measured = EMPTY_LINE;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? measureAfter(measured, ` ${word}`, font, size) : measureAfter(EMPTY_LINE, word, font, size);
      if (candidate.width <= width) {
        line = line ? `${line} ${word}` : word;
        measured = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A single word wider than the line is cut where it must be.
      let rest = [...graphemes.segment(word)].map(({ segment }) => segment);
      while (rest.length > 1 && textWidth(rest.join(''), font, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut).join(''), font, size) > width) cut -= 1;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
      measured = measureAfter(EMPTY_LINE, line, font, size);
    }
    lines.push(line);
  }
  return lines;
}

/** A top-to-bottom writer that starts a new page when the current one is full. */
export class Flow {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly footer: string,
  ) {
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }
  get width() {
    return A4[0] - 2 * MARGIN;
  }
  newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    drawText(page, this.footer, { x: MARGIN, y: 24, size: 8, font: this.fonts.regular, color: MUTED });
    this.page = page;
    this.y = A4[1] - MARGIN;
    return page;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  text(value: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(value, font, size, this.width - indent)) {
      this.ensure(size * 1.35);
      this.y -= size * 1.35;
      drawText(this.page, line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }
  heading(value: string) {
    this.ensure(40);
    this.y -= 10;
    this.text(value, { size: 13, bold: true, gap: 2 });
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 4;
  }
  field(label: string, value: string) {
    this.text(`${label}: ${value || 'Not recorded'}`, { gap: 1 });
  }
}

/** DD/MM/YYYY from an ISO date or timestamp (the UK way round). */
export const formatDate = (iso: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
};

/** A new PDF with the faces embedded (as subsets: only the glyphs drawn) and the product named as its producer. */
export async function newPdf(title: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  const fonts = await embedFamily(doc);
  doc.setTitle(title);
  doc.setProducer('Home Care back office');
  doc.setCreator('Home Care back office');
  return { doc, fonts };
}

