import { createRequire } from 'node:module';

// For tests: the text of a PDF as a reader gets it, through pdf.js (pdfjs-dist's legacy build, which runs in Node
// without a canvas or a worker thread). Glyphs become characters through each font's ToUnicode map, as when text
// is copied from a viewer, and pdf.js puts right-to-left text drawn in visual order back in logical order.

type TextItem = { str: string; dir: string; transform: number[]; width: number; hasEOL: boolean };
type PdfJs = {
  getDocument(source: { data: Uint8Array; isEvalSupported: boolean; disableFontFace: boolean; useSystemFonts: boolean; verbosity: number }): {
    promise: Promise<{ numPages: number; getPage(number: number): Promise<{ getTextContent(): Promise<{ items: (TextItem | { type: string })[] }> }>; destroy(): Promise<void> }>;
  };
};

let pdfjs: PdfJs | undefined;

/** pdf.js, loaded once. It warns on loading that it cannot render without a canvas: only its text is used here. */
function load(): PdfJs {
  if (pdfjs) return pdfjs;
  const log = console.log;
  console.log = () => {};
  try {
    pdfjs = createRequire(import.meta.url)('pdfjs-dist/legacy/build/pdf.js') as PdfJs;
  } finally {
    console.log = log;
  }
  return pdfjs;
}

/**
 * pdf.js refuses to run when Array.prototype has enumerable additions, and drizzle-kit's API (which the migration
 * checks load, in the same test process when files share one) adds `random`. Made non-enumerable, it stays usable.
 */
function hideArrayExtensions(): void {
  for (const key in Array.prototype) Object.defineProperty(Array.prototype, key, { enumerable: false });
}

/**
 * The PDF's text, page after page, one line of the answer for each line printed (top to bottom): the pieces of a
 * line left to right, a space between pieces that stand apart (a table's cells, a label and its amount).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  hideArrayExtensions();
  const document = await load().getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const lines: string[] = [];
  try {
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const items = (await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item && item.str !== '');
      // Top to bottom, then left to right (the PDF's own order is kept for pieces at the same place).
      const placed = items.map((item, order) => ({ item, order, x: item.transform[4]!, y: Math.round(item.transform[5]! * 2) / 2 }));
      placed.sort((a, b) => b.y - a.y || a.x - b.x || a.order - b.order);
      let line: string | undefined;
      let end = 0;
      let y = Number.NaN;
      for (const { item, x, y: itemY } of placed) {
        if (line !== undefined && itemY === y) line += x - end > 0.5 && !line.endsWith(' ') && !item.str.startsWith(' ') ? ` ${item.str}` : item.str;
        else {
          if (line !== undefined) lines.push(line);
          line = item.str;
        }
        y = itemY;
        end = x + item.width;
      }
      if (line !== undefined) lines.push(line);
    }
  } finally {
    await document.destroy();
  }
  return lines.map((line) => line.trimEnd()).join('\n');
}
