import bidiJs from 'bidi-js';
import {
  beginText,
  endText,
  PDFArray,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  setTextMatrix,
  setTextRise,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { familyOf, type EmbeddedFace } from './fonts.js';

// Text as the server's PDFs print it: each character drawn by the first face that has it (Noto Sans, then Noto
// Sans Arabic), Arabic shaped by fontkit (its letters joined, dots and marks put in place by the font's own
// positioning), and each line put in visual order by the Unicode bidirectional algorithm (bidi-js), so a name
// written right to left reads right to left inside an English line. Measuring uses the same runs as drawing.

// bidi-js is CommonJS: its module is the factory itself (its types describe it as the default export).
type BidiFactory = typeof bidiJs.default;
const bidiModule: unknown = bidiJs;
const bidiFactory = (typeof bidiModule === 'function' ? bidiModule : (bidiModule as { default: BidiFactory }).default) as BidiFactory;
const bidi = bidiFactory();

/** What a character no face has (an emoji) is printed as. */
export const FALLBACK = '?';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const ASCII = /^[\x20-\x7e\n]*$/;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const COMBINING = /\p{M}/gu;
/** Characters of the right-to-left scripts and the marks that start right-to-left text: a line without any is left to right. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Characters that belong to no script of their own (spaces, punctuation, digits, marks): drawn in their neighbour's face. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
const ARABIC = /\p{Script_Extensions=Arabic}/u;

/** Normalises line breaks and tabs and composes accents (NFC), so "é" typed as e + accent prints as the letter. */
const tidy = (value: string) => value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').normalize('NFC');

function drawable(text: string, family: readonly EmbeddedFace[]): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (!family.some(({ face }) => face.has(code))) return false;
  }
  return true;
}

/**
 * The text as the font can print it: anything one of its faces draws is kept (accented and non-Latin letters,
 * Arabic); a character none has (an emoji) becomes its plain letter when it has one (NFKD without accents), else
 * FALLBACK. Zero-width format characters no face has (an emoji's variation selector) are dropped.
 */
export function printable(value: string, font: PDFFont): string {
  const text = tidy(value);
  if (ASCII.test(text)) return text;
  const family = familyOf(font);
  if (!family) return printableInStandardFont(text, font);
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    if (segment === '\n' || drawable(segment, family)) {
      out += segment;
      continue;
    }
    const kept = [...segment].filter((char) => !IGNORABLE.test(char) || drawable(char, family)).join('');
    if (!kept || drawable(kept, family)) {
      out += kept;
      continue;
    }
    const plain = kept.normalize('NFKD').replace(COMBINING, '');
    out += plain && drawable(plain, family) ? plain : FALLBACK;
  }
  return out;
}

/** A standard PDF font knows only WinAnsi: other letters fold to their plain letter, else FALLBACK. */
function printableInStandardFont(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text) {
    if (char === '\n' || supported.has(char.codePointAt(0)!)) out += char;
    else {
      const plain = char.normalize('NFKD').replace(COMBINING, '');
      out += [...plain].every((part) => supported.has(part.codePointAt(0)!)) && plain ? plain : FALLBACK;
    }
  }
  return out;
}

/**
 * Which face of the family draws each character (by index into the family), in logical order: Arabic letters and
 * marks the Arabic face; a space, a digit or a punctuation mark the face of the character before it when that face
 * has it (so "محمد علي" is one run, shaped and read back as one); anything else the first face that has it.
 * `previous`: the face of the character before the text, when it continues a line.
 */
function facesOf(chars: readonly string[], family: readonly EmbeddedFace[], previous = -1): number[] {
  const faces = new Array<number>(chars.length);
  const first = (code: number) => {
    const index = family.findIndex(({ face }) => face.has(code));
    return index < 0 ? 0 : index;
  };
  chars.forEach((char, index) => {
    const code = char.codePointAt(0)!;
    const before = index > 0 ? faces[index - 1]! : previous;
    if (ARABIC.test(char)) {
      const arabic = family.findIndex(({ face }) => face.rightToLeft && face.has(code));
      faces[index] = arabic >= 0 ? arabic : first(code);
    } else if (SHARED.test(char) && before >= 0 && family[before]!.face.has(code)) faces[index] = before;
    else faces[index] = first(code);
  });
  return faces;
}

/**
 * A piece of a line drawn in one face, left to right as it appears; `text` is in logical order, `rtl` when shown
 * reversed, `embedded` when it is part of right-to-left text inside the line (with the numbers inside it).
 */
export type Run = { face: number; text: string; rtl: boolean; embedded: boolean };

/** A line (no line breaks) as runs in visual order, left to right on the page. */
export function visualRuns(line: string, family: readonly EmbeddedFace[]): Run[] {
  const chars = [...line];
  if (!chars.length) return [];
  const faces = facesOf(chars, family);
  if (!RIGHT_TO_LEFT.test(line)) {
    const runs: Run[] = [];
    chars.forEach((char, index) => {
      const last = runs.at(-1);
      if (last && last.face === faces[index]) last.text += char;
      else runs.push({ face: faces[index]!, text: char, rtl: false, embedded: false });
    });
    return runs;
  }
  // The line's own paragraph direction is left to right: documents are English, so a line opening with an Arabic
  // name followed by English keeps the English reading order around it.
  const levels = bidi.getEmbeddingLevels(line, 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  // bidi-js works on UTF-16 units: map each to its character (a surrogate pair is one character).
  const charOfUnit: number[] = [];
  chars.forEach((char, index) => {
    for (let unit = 0; unit < char.length; unit += 1) charOfUnit.push(index);
  });
  const unitOfChar: number[] = [];
  charOfUnit.forEach((char, unit) => {
    if (unitOfChar[char] === undefined) unitOfChar[char] = unit;
  });
  const order: number[] = [];
  for (const unit of bidi.getReorderedIndices(line, levels)) {
    const char = charOfUnit[unit]!;
    if (order.at(-1) !== char) order.push(char);
  }
  const level = (char: number) => levels.levels[unitOfChar[char]!]!;
  // Runs: characters next to each other on the page and in the text, one face, one direction, all inside the
  // right-to-left text or all outside it.
  const groups: { face: number; from: number; to: number }[] = [];
  for (const char of order) {
    const group = groups.at(-1);
    const follows = group && Math.abs(char - group.to) === 1 && (group.from === group.to || Math.sign(char - group.to) === Math.sign(group.to - group.from));
    if (group && follows && group.face === faces[char] && (level(char) > 0) === (level(group.to) > 0)) group.to = char;
    else groups.push({ face: faces[char]!, from: char, to: char });
  }
  return groups.map(({ face, from, to }) => {
    const [low, high] = from <= to ? [from, to] : [to, from];
    let text = '';
    for (let index = low; index <= high; index += 1) text += mirrored.get(unitOfChar[index]!) ?? chars[index]!;
    const rtl = from === to ? level(from) % 2 === 1 : from > to;
    return { face, text, rtl, embedded: level(from) > 0 };
  });
}

// Ligatures drawn right to left whose characters are listed for readers in visual order (see shaped()).
const visualLigatures = new WeakSet<object>();

/** The text to lay out for a run and its layout, whose glyphs are in visual order (fontkit reverses Arabic itself). */
function shaped(face: EmbeddedFace['face'], run: Run) {
  let text = run.text;
  let layout = face.layout(text);
  if ((layout.direction === 'rtl') !== run.rtl && [...text].length > 1) {
    text = [...text].reverse().join('');
    layout = face.layout(text);
  }
  if (layout.direction === 'rtl') {
    // A reader gets right-to-left text back by reading the glyphs in visual order and reversing the characters
    // (pdf.js does): a ligature's characters (lam-alef "لا", "الله") are reversed with the rest, so the PDF lists
    // them in visual order (its ToUnicode map is made from each glyph's code points).
    for (const glyph of layout.glyphs) {
      if (glyph.codePoints.length < 2 || visualLigatures.has(glyph)) continue;
      glyph.codePoints = [...glyph.codePoints].reverse();
      visualLigatures.add(glyph);
    }
  }
  return { text, layout };
}

/** Splits text into words and the spaces between them (a line's width is the sum of theirs: see fonts.ts). */
const pieces = (text: string) => text.split(/( +)/).filter(Boolean);

/** A line's width so far and the face of its last character. */
export type Measured = { width: number; face: number };

/**
 * The width of `text` (printable, one line) in `font` at `size` when it follows `after` on a line: the runs are
 * the ones drawText draws, so a line measured word by word measures what textWidth measures of the whole.
 */
export function measureAfter(after: Measured, text: string, font: PDFFont, size: number): Measured {
  const family = familyOf(font);
  if (!family) return { width: after.width + font.widthOfTextAtSize(text, size), face: 0 };
  const chars = [...text];
  const faces = facesOf(chars, family, after.face);
  let width = after.width;
  let start = 0;
  for (let index = 1; index <= chars.length; index += 1) {
    if (index < chars.length && faces[index] === faces[start]) continue;
    const { face } = family[faces[start]!]!;
    for (const piece of pieces(chars.slice(start, index).join(''))) width += (face.advance(piece) * size) / face.unitsPerEm;
    start = index;
  }
  return { width, face: faces.length ? faces.at(-1)! : after.face };
}

/** A line's start: nothing measured yet. */
export const EMPTY_LINE: Measured = { width: 0, face: -1 };

/** The width of `text` (already printable, one line) set in `font` at `size`, measured run by run as it is drawn. */
export const textWidth = (text: string, font: PDFFont, size: number): number => measureAfter(EMPTY_LINE, text, font, size).width;

export type DrawTextOptions = { x: number; y: number; size: number; font: PDFFont; color?: Color; opacity?: number };

// Resource names per page: for each font (two: one for right-to-left text inside a line, see drawText) and each
// opacity, however many lines use them.
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, [PDFName, PDFName]>>();
const opacityKeys = new WeakMap<PDFPage, Map<number, PDFName>>();

function fontKey(page: PDFPage, font: PDFFont, embedded: boolean): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let pair = keys.get(font);
  if (!pair) keys.set(font, (pair = [page.node.newFontDictionary(font.name, font.ref), page.node.newFontDictionary(font.name, font.ref)]));
  return pair[embedded ? 1 : 0];
}

function opacityKey(page: PDFPage, opacity: number): PDFName {
  let keys = opacityKeys.get(page);
  if (!keys) opacityKeys.set(page, (keys = new Map()));
  let key = keys.get(opacity);
  if (!key) keys.set(opacity, (key = page.node.newExtGState('GS', page.doc.context.obj({ Type: 'ExtGState', ca: opacity, CA: opacity }))));
  return key;
}

/**
 * Draws one line (its line breaks shown as spaces) at x, y: the characters no face has are printed as
 * printable() says, the runs in visual order, each glyph where the font's positioning puts it. Answers its width.
 */
export function drawText(page: PDFPage, value: string, options: DrawTextOptions): number {
  const { font, size } = options;
  const text = printable(value, font).replace(/\n/g, ' ');
  const family = familyOf(font);
  if (!family) {
    page.drawText(text, { x: options.x, y: options.y, size, font, color: options.color ?? rgb(0, 0, 0), opacity: options.opacity });
    return font.widthOfTextAtSize(text, size);
  }
  const context = page.doc.context;
  const operators: PDFOperator[] = [pushGraphicsState()];
  if (options.opacity !== undefined && options.opacity < 1) operators.push(setGraphicsState(opacityKey(page, options.opacity)));
  operators.push(beginText(), setFillingColor(options.color ?? rgb(0, 0, 0)));
  let x = options.x;
  for (const run of visualRuns(text, family)) {
    const { face, pdf } = family[run.face]!;
    const { text: laidOut, layout } = shaped(face, run);
    // The glyph ids pdf-lib writes for the run (4 hex digits a glyph, in the layout's order), which also adds
    // them to the PDF's subset of the face.
    const codes = pdf.encodeText(laidOut).asString();
    const scale = size / face.unitsPerEm;
    // Right-to-left text inside a line is set in the face under a name of its own: a reader (pdf.js) starts a new
    // piece of text when the font's name changes, and turns each piece read right to left back to logical
    // order, so "محمد علي, NHS number" reads back with its comma after the name.
    operators.push(setFontAndSize(fontKey(page, pdf, run.embedded), size), setTextMatrix(1, 0, 0, 1, x, options.y));
    // Each glyph is shown after moving by what the font's positioning says: its offset from the pen (a mark above
    // or below its letter) and its advance where it differs from the glyph's own width (a mark's is none).
    let shown = PDFArray.withContext(context);
    let rise = 0;
    let shift = 0; // how far, in the face's units, the next glyph must move from where the PDF reader puts it
    let advance = 0;
    layout.glyphs.forEach((glyph, index) => {
      const position = layout.positions[index]!;
      const glyphRise = Math.round(position.yOffset * scale * 1000) / 1000;
      if (glyphRise !== rise) {
        if (shown.size()) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [shown]));
        shown = PDFArray.withContext(context);
        operators.push(setTextRise(glyphRise));
        rise = glyphRise;
      }
      shift += position.xOffset;
      if (Math.abs(shift) > 0.01) shown.push(context.obj(-Math.round((shift * 1000000) / face.unitsPerEm) / 1000));
      shown.push(PDFHexString.of(codes.slice(index * 4, index * 4 + 4)));
      shift = position.xAdvance - glyph.advanceWidth - position.xOffset;
      advance += position.xAdvance;
    });
    if (shown.size()) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [shown]));
    if (rise !== 0) operators.push(setTextRise(0));
    x += advance * scale;
  }
  operators.push(endText(), popGraphicsState());
  page.pushOperators(...operators);
  return x - options.x;
}
