import assert from 'node:assert/strict';
import { test } from 'node:test';
import fontkit from '@pdf-lib/fontkit';
import { loadFaces } from './fonts.js';

// Text in scripts whose letters are each one glyph skips fontkit's shaping (fonts.ts, unshaped): it must give the
// glyphs and advances fontkit's own layout gives with ligatures and kerning off, in both weights, and text that
// needs shaping must still be shaped.

const SAMPLES = [
  'Łucja Wójcik',
  'Ayşe Yılmaz',
  'Олена Коваль',
  'Ελένη Παπαδοπούλου',
  'Siobhán O’Connor-Ní Bhriain',
  'office@homecare.test · £1,234.50 – “as needed” (PRN) 09:30–10:15',
  'fi fl ffi: office affluent',
];

for (const name of ['regular', 'bold'] as const) {
  test(`${name}: Latin, Greek and Cyrillic text gets the glyphs and advances of fontkit's layout`, () => {
    const face = loadFaces()[name];
    const reference = fontkit.create(face.bytes);
    for (const text of SAMPLES) {
      const shaped = reference.layout(text, { liga: false, kern: false, mark: false, mkmk: false });
      const quick = face.layout(text);
      assert.deepEqual(quick.glyphs.map((glyph) => glyph.id), shaped.glyphs.map((glyph) => glyph.id), text);
      assert.deepEqual(quick.positions.map((position) => position.xAdvance), shaped.positions.map((position) => position.xAdvance), text);
    }
  });
}

test('text with combining marks or Arabic is still shaped', () => {
  const faces = loadFaces();
  // "e" and a combining acute: mark positioning moves the accent over the e (a non-zero offset).
  const marked = faces.regular.layout('Rene\u0301e');
  assert.ok(marked.positions.some((position) => position.xOffset !== 0 || position.yOffset !== 0 || position.xAdvance === 0));
  // Arabic letters join: the layout's glyphs are not the isolated forms the character map gives.
  const arabic = faces.arabicRegular.layout('محمد');
  const isolated = faces.arabicRegular.font.glyphsForString('محمد').map((glyph) => glyph.id);
  assert.notDeepEqual(arabic.glyphs.map((glyph) => glyph.id), isolated);
});
