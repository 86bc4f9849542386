// Text measured without a browser: a label's width is estimated from per-character widths of a sans-serif face,
// set to be at or above the real width in the common faces (checked in Chromium against DejaVu Sans, one of the
// widest: within 5%, digits included), so the same layout comes out in jsdom and on every screen and labels are
// placed so they cannot overlap. Chart labels are never bold (bold text is ~10% wider than this estimate).

/** The smallest text a chart draws, in CSS px at the size it is shown (charts are never scaled down). */
export const FONT_SIZE = 12;
/** The height of one line of chart text. */
export const LINE_HEIGHT = 15;

const NARROW = new Set([...'iIjlft.,:;!|\'" ()[]-']);
const WIDE = new Set([...'mwMW@%']);

/** The estimated width in px of `text` at `fontSize` px. */
export function textWidth(text: string, fontSize = FONT_SIZE): number {
  let em = 0;
  for (const char of text) {
    if (NARROW.has(char)) em += 0.34;
    else if (WIDE.has(char)) em += 0.92;
    else if (char >= 'A' && char <= 'Z') em += 0.7;
    else if ((char >= '0' && char <= '9') || char === '£') em += 0.64;
    else em += 0.58;
  }
  return Math.ceil(em * fontSize * 1.05);
}

/** `text` cut to fit `width` px with an ellipsis (whole when it fits). */
export function truncate(text: string, width: number, fontSize = FONT_SIZE): string {
  if (textWidth(text, fontSize) <= width) return text;
  const chars = [...text];
  for (let length = chars.length - 1; length > 0; length -= 1) {
    const candidate = `${chars.slice(0, length).join('').trimEnd()}…`;
    if (textWidth(candidate, fontSize) <= width) return candidate;
  }
  return '…';
}

/**
 * `text` broken at spaces into lines no wider than `width` px, or null when it needs more than `maxLines` lines
 * or a single word is wider than `width`.
 */
export function wrap(text: string, width: number, maxLines: number, fontSize = FONT_SIZE): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (textWidth(word, fontSize) > width) return null;
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

/** Like `wrap`, but never fails: the last line (or a long word) is cut with an ellipsis. */
export function wrapOrTruncate(text: string, width: number, maxLines: number, fontSize = FONT_SIZE): string[] {
  const whole = wrap(text, width, maxLines, fontSize);
  if (whole) return whole;
  const lines: string[] = [];
  let rest = text.trim();
  while (rest && lines.length < maxLines - 1) {
    const words = rest.split(/\s+/);
    let line = '';
    let used = 0;
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, fontSize) > width) break;
      line = candidate;
      used += 1;
    }
    if (!used) break;
    lines.push(line);
    rest = words.slice(used).join(' ');
  }
  if (rest) lines.push(truncate(rest, width, fontSize));
  return lines;
}
