import fontkit from '@pdf-lib/fontkit';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { pdfText } from './extract-text.js';
import { loadFaces } from './fonts.js';
import { visualRuns } from './text.js';
import { drawText, FALLBACK, Flow, newPdf, printable, textWidth, wrap } from './writer.js';

// The names the PDFs used to fold ("?ucja Wójcik", "Ayse Y?lmaz", "????? ??????", "???? ???"), and Arabic names
// with letters that share a shape and differ by their dots, joined letters, and a lam-alef ligature.
const NAMES = ['Łucja Wójcik', 'Ayşe Yılmaz', 'Олена Коваль', 'محمد علي', 'Ελένη Παπαδοπούλου', 'زينب الزهراء', 'علاء بلال', 'عبد الله'];
const MIXED = 'Client: محمد علي (NHS 943 476 5919)';
// The name first, punctuation after it: the comma belongs to the English, after the name.
const NAME_FIRST = 'محمد علي, NHS number 943 476 5919';
// Arabic-Indic digits inside Arabic text stay left to right, inside the right-to-left name.
const NUMBERED = 'Room 12: زينب ٣ الزهراء';

async function printed(lines: readonly string[], bold = false): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf('Names');
  const flow = new Flow(doc, fonts, 'Names · Confidential');
  for (const line of lines) flow.text(line, { size: 12, bold });
  return doc.save();
}

test('every name prints and reads back exactly, Arabic in logical order (regular and bold)', async () => {
  for (const bold of [false, true]) {
    const lines = (await pdfText(await printed([...NAMES, MIXED, NAME_FIRST, NUMBERED], bold))).split('\n');
    // pdf.js reads the Arabic glyphs in the order they are drawn (right to left) and gives them back reversed,
    // in logical order, as a reader copying the text gets them: so "محمد علي" drawn in visual order reads back
    // as typed, and drawn in typed order would read back as "يلع دمحم".
    assert.deepEqual(lines, [...NAMES, MIXED, NAME_FIRST, NUMBERED, 'Names · Confidential'], bold ? 'bold' : 'regular');
  }
});

test('text reads back the same whatever the process printed before (glyphs are shared by every PDF)', async () => {
  // A Greek Ο and a Polish Ą are drawn with Noto Sans's O and ogonek as parts: the first PDF's subset takes those
  // parts in without characters, and a later PDF printing the O or the ogonek itself must still read back.
  assert.deepEqual((await pdfText(await printed(['Ελένη Ο', 'Łącka Ą']))).split('\n'), ['Ελένη Ο', 'Łącka Ą', 'Names · Confidential']);
  assert.deepEqual((await pdfText(await printed(['OUTSTANDING', 'Ogonek ˛ alone']))).split('\n'), ['OUTSTANDING', 'Ogonek ˛ alone', 'Names · Confidential']);
});

test('a mixed line keeps its parts in order: the English, then the Arabic name set right to left, then the bracket', async () => {
  const { fonts } = await newPdf('Mixed');
  const family = [{ face: loadFaces().regular, pdf: fonts.regular }, { face: loadFaces().arabicRegular, pdf: fonts.regular }];
  // Left to right on the page: "Client: " in Noto Sans, the name (one run with its inner space, shown reversed),
  // the space after it (in the Arabic face, which has one), then "(NHS …)" in Noto Sans.
  assert.deepEqual(
    visualRuns(MIXED, family).map(({ face, text, rtl }) => [face, text, rtl]),
    [
      [0, 'Client: ', false],
      [1, 'محمد علي', true],
      [1, ' ', false],
      [0, '(NHS 943 476 5919)', false],
    ],
  );
  // Brackets around the name in an English line belong to the English; in Arabic text they are mirrored, so
  // "محمد (علي)" shows, left to right, "(", "علي", ")" and then "محمد": the bracket still opens before علي.
  assert.deepEqual(
    visualRuns('Seen by (محمد علي) today', family).map(({ text }) => text),
    ['Seen by (', 'محمد علي', ') today'],
  );
  assert.deepEqual(
    visualRuns('محمد (علي)', family).map(({ face, text, rtl }) => [face, text, rtl]),
    [
      [0, '(', true],
      [1, 'علي', true],
      [0, ')', true],
      [1, 'محمد ', true],
    ],
  );
});

test('Arabic letters are joined (shaped), not printed in their isolated forms', () => {
  const arabic = loadFaces().arabicRegular;
  const isolated = (letter: string) => arabic.layout(letter).glyphs[0]!.id;
  // "محمد": fontkit answers the glyphs in visual order (right to left): د final, م medial, ح medial, م initial.
  const joined = arabic.layout('محمد').glyphs.map((glyph) => glyph.id);
  assert.equal(joined.length, 4);
  assert.notEqual(joined[3], isolated('م'), 'the initial meem');
  assert.notEqual(joined[2], isolated('ح'), 'the medial hah');
  assert.notEqual(joined[1], isolated('م'), 'the medial meem');
  assert.notEqual(joined[0], isolated('د'), 'the final dal');
  assert.notEqual(joined[3], joined[1], 'initial and medial meem differ');
});

test('printable keeps every letter a face draws; only what no face has (an emoji) becomes the fallback', async () => {
  const { fonts } = await newPdf('Printable');
  for (const name of [...NAMES, MIXED]) assert.equal(printable(name, fonts.regular), name);
  assert.equal(printable('Visit went well 😀👍🏽 ❤️', fonts.regular), `Visit went well ${FALLBACK}${FALLBACK} ${FALLBACK}`);
  assert.equal(printable('e\u0301\tcafe\u0301\r\n', fonts.regular), 'é café\n', 'accents composed, tabs and Windows line breaks tidied');
  assert.equal(printable('ﬁle', fonts.regular), 'ﬁle', 'a ligature the face has is kept');
  // A standard font (a caller's own) still folds what WinAnsi cannot show, as every PDF did before.
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  assert.equal(printable('Ayşe Yılmaz, Łucja, محمد', helvetica), 'Ayse Y?lmaz, ?ucja, ????');
});

test('wrapping measures each run in its face: mixed lines wrap at the width, measured as they are drawn', async () => {
  const { doc, fonts } = await newPdf('Wrap');
  const page = doc.addPage();
  const text = `${'Łucja Wójcik visited محمد علي and Олена Коваль; زينب الزهراء was out. '.repeat(6)}`;
  const lines = wrap(text, fonts.regular, 10, 180);
  assert.ok(lines.length > 6);
  assert.equal(lines.join(' '), text.trim(), 'no word lost or cut');
  for (const [index, line] of lines.entries()) {
    const width = textWidth(line, fonts.regular, 10);
    assert.ok(width <= 180, `line ${index} is ${width} wide`);
    // The next word would not have fitted: lines are filled, not cut short by a wrong measure.
    const next = lines[index + 1]?.split(' ')[0];
    if (next) assert.ok(textWidth(`${line} ${next}`, fonts.regular, 10) > 180, `line ${index} could take "${next}"`);
    assert.equal(drawText(page, line, { x: 10, y: 700 - index * 12, size: 10, font: fonts.regular }), width, 'drawn as wide as measured');
  }
  // A word wider than the line is cut between letters, never inside one.
  assert.deepEqual(wrap('Wójcik-Łucja-Wójcik', fonts.bold, 10, 40).join(''), 'Wójcik-Łucja-Wójcik');
  assert.ok(wrap('Wójcik-Łucja-Wójcik', fonts.bold, 10, 40).every((line) => textWidth(line, fonts.bold, 10) <= 40));
});

/** The embedded font programs of a PDF with, for each, the text its glyphs stand for (from its ToUnicode map). */
async function embeddedFaces(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const found: { name: string; program: Uint8Array; chars: Map<number, string> }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype'))?.toString() !== '/Type0') continue;
    const cidFont = object.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const stream = (dict: PDFDict, key: string) => {
      const found = dict.lookup(PDFName.of(key));
      assert.ok(found instanceof PDFRawStream, key);
      return decodePDFRawStream(found).decode();
    };
    const program = stream(descriptor, 'FontFile2');
    const cmap = Buffer.from(stream(object, 'ToUnicode')).toString('latin1');
    const chars = new Map<number, string>();
    for (const [, id, unicode] of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]*)>/gi)) chars.set(parseInt(id!, 16), Buffer.from(unicode!, 'hex').swap16().toString('utf16le'));
    found.push({ name: object.lookup(PDFName.of('BaseFont'))!.toString(), program, chars });
  }
  return found;
}

test('the fonts are embedded as subsets that draw the right letters, and a page of text stays small', async () => {
  const bytes = await printed([...NAMES, MIXED]);
  const faces = await embeddedFaces(bytes);
  assert.deepEqual(faces.map(({ name }) => name.replace(/-\d+$/, '')).sort(), ['/NotoSans-Bold', '/NotoSans-Regular', '/NotoSansArabic-Bold', '/NotoSansArabic-Regular']);
  const regular = faces.find(({ name }) => name.startsWith('/NotoSans-Regular'))!;
  const original = loadFaces().regular.font;
  const subset = fontkit.create(regular.program);
  // Each glyph of the subset has the outline of the letter it stands for (the subset's own glyph table is read:
  // with @pdf-lib/fontkit's short offsets, most letters came out blank).
  let compared = 0;
  for (const [id, char] of regular.chars) {
    if (char.length !== 1 || char === ' ') continue;
    const expected = original.glyphForCodePoint(char.codePointAt(0)!).path.toSVG();
    assert.equal(subset.getGlyph(id).path.toSVG(), expected, `the outline of "${char}"`);
    compared += 1;
  }
  assert.ok(compared > 30, `${compared} letters compared`);
  // The whole of Noto Sans is over 600 KB; a subset holds only what was drawn.
  assert.ok(bytes.length < 40_000, `${bytes.length} bytes`);
});

test('the font files are read and parsed once per process, whatever the number of PDFs', async () => {
  const faces = loadFaces();
  await newPdf('One');
  await newPdf('Two');
  assert.equal(loadFaces(), faces);
  assert.equal(loadFaces().regular.font, faces.regular.font);
});
