import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// The faces the server's PDFs are printed in: Noto Sans (Latin with Latin Extended, Greek, Cyrillic) and Noto
// Sans Arabic, each regular and bold, from the @expo-google-fonts packages (the Google Fonts TTFs, SIL Open Font
// License 1.1). Each PDF embeds only the glyphs it uses (a subset). The files are read and parsed once per
// process: fontkit's parsed font is shared by every PDF, and so is its layout of each piece of text.

type FontkitFont = ReturnType<typeof fontkit.create>;
type GlyphRun = ReturnType<FontkitFont['layout']>;

const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  arabicRegular: '@expo-google-fonts/noto-sans-arabic/NotoSansArabic_400Regular.ttf',
  arabicBold: '@expo-google-fonts/noto-sans-arabic/NotoSansArabic_700Bold.ttf',
} as const;

type FaceName = keyof typeof FILES;

/** Layouts kept per face (words and short lines repeat a lot on a document: dates, times, amounts, labels). */
const LAYOUTS_KEPT = 5000;

// Kerning is left off (pdf-lib never kerned the Helvetica it drew before, and without it a line's width is the sum
// of its words', which wrapping relies on). Mark positioning is what puts Arabic dots and vowel signs, and Latin
// combining accents, in their places: it is asked for only when the text has such marks or is Arabic, since it
// is the slow part of fontkit's layout.
const PLAIN = { kern: false, mark: false, mkmk: false };
const MARKED = { kern: false };
const NEEDS_MARKS = /[\p{M}\p{Script_Extensions=Arabic}]/u;
/**
 * Text outside the scripts whose letters are each one glyph (Latin, Greek, Cyrillic and the common punctuation and
 * digits), or with marks: it goes through fontkit's layout (substitutions, mark positioning, Arabic joining).
 */
const NEEDS_SHAPING = /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]|\p{M}/u;

/** One face: its fontkit font (parsed once) and a memory of what it already laid out. */
export class Face {
  readonly font: FontkitFont;
  readonly unitsPerEm: number;
  /** The face of a right-to-left script (Arabic letters are drawn in it). */
  readonly rightToLeft: boolean;
  private readonly layouts = new Map<string, GlyphRun>();
  private readonly glyphs = new Map<number, boolean>();

  constructor(
    readonly name: FaceName,
    readonly bytes: Uint8Array,
  ) {
    this.font = fontkit.create(bytes);
    this.unitsPerEm = this.font.unitsPerEm;
    this.rightToLeft = name.startsWith('arabic');
    // pdf-lib's embedder lays text out through the same font object (to find the glyphs it writes), so it shares
    // this memory: a piece measured while wrapping is not laid out again when drawn.
    const layout = this.font.layout.bind(this.font);
    this.font.layout = (text: string) => {
      const known = this.layouts.get(text);
      if (known) return known;
      const run = NEEDS_SHAPING.test(text) ? layout(text, NEEDS_MARKS.test(text) ? MARKED : PLAIN) : this.unshaped(text);
      if (this.layouts.size >= LAYOUTS_KEPT) this.layouts.delete(this.layouts.keys().next().value!);
      this.layouts.set(text, run);
      return run;
    };
    // fontkit keeps one glyph object per glyph, made with the characters of its first use, and a PDF's ToUnicode
    // map (how a reader gets the text back) is made from them. A subset asks for the parts of a composed glyph
    // (the O inside a Greek Ο, the ogonek of ą) without characters: once this font is shared by later PDFs, the
    // letter itself would read back as nothing. A glyph made without characters takes those of its first use
    // that has some.
    const getGlyph = this.font.getGlyph.bind(this.font);
    this.font.getGlyph = (id: number, codePoints?: number[]) => {
      const glyph = getGlyph(id, codePoints);
      if (codePoints?.length && !glyph.codePoints.length) glyph.codePoints = [...codePoints];
      return glyph;
    };
    // @pdf-lib/fontkit writes a subset's glyph offsets in the short format (halved) without padding each glyph to
    // an even length, so every glyph after one of odd length points a byte off and prints blank (Noto Sans loses
    // most of its letters; fontkit fixed it upstream in 1.8). The subset is made to use the long format instead.
    const createSubset = this.font.createSubset.bind(this.font);
    this.font.createSubset = () => {
      const subset = createSubset();
      let loca: { version?: number } | undefined;
      Object.defineProperty(subset, 'loca', {
        configurable: true,
        get: () => loca,
        set: (value: { version?: number } | undefined) => {
          if (value && value.version === undefined) value.version = 1;
          loca = value;
        },
      });
      return subset;
    };
  }

  layout(text: string): GlyphRun {
    return this.font.layout(text);
  }

  /**
   * Text that needs no shaping: its glyphs straight from the font's character map, each at its own advance (kerning
   * is off anyway). fontkit's layout ran the font's substitution tables for every new word, and that was most of a
   * care plan's time; for these scripts without marks it gives the same glyphs, but for ligatures ("ffi" is drawn as
   * three letters, as the standard Helvetica the PDFs were drawn in before never joined them).
   */
  private unshaped(text: string): GlyphRun {
    const glyphs = this.font.glyphsForString(text);
    const positions = glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    return { glyphs, positions, direction: 'ltr', script: 'latn', language: null, features: {} } as unknown as GlyphRun;
  }

  has(codePoint: number): boolean {
    let known = this.glyphs.get(codePoint);
    if (known === undefined) this.glyphs.set(codePoint, (known = this.font.hasGlyphForCodePoint(codePoint)));
    return known;
  }

  /** The advance of `text` in the face's units (what a PDF reader moves by when it draws it). */
  advance(text: string): number {
    let sum = 0;
    for (const position of this.layout(text).positions) sum += position.xAdvance;
    return sum;
  }
}

const require = createRequire(import.meta.url);
let faces: Record<FaceName, Face> | undefined;

/** The four faces, read from the packages on first use and kept for the life of the process. */
export function loadFaces(): Record<FaceName, Face> {
  faces ??= Object.fromEntries(
    (Object.keys(FILES) as FaceName[]).map((name) => [name, new Face(name, new Uint8Array(readFileSync(require.resolve(FILES[name]))))]),
  ) as Record<FaceName, Face>;
  return faces;
}

/** A face embedded in one PDF. */
export type EmbeddedFace = { face: Face; pdf: PDFFont };

// The faces a PDFFont draws with: the Noto Sans face the callers hold (Fonts['regular'], Fonts['bold']), then
// the Arabic face of the same weight that draws what Noto Sans has not.
const families = new WeakMap<PDFFont, readonly EmbeddedFace[]>();

/** The faces that draw text set in `font` (undefined for a font not embedded by embedFamily, e.g. a standard one). */
export const familyOf = (font: PDFFont): readonly EmbeddedFace[] | undefined => families.get(font);

// pdf-lib parses a font file with the fontkit it is given: this one hands back the face already parsed.
const sharedFontkit = {
  create(bytes: Uint8Array) {
    const face = Object.values(loadFaces()).find((candidate) => candidate.bytes === bytes);
    return face ? face.font : fontkit.create(bytes);
  },
};

/** Embeds the faces (as subsets) in `doc` and answers the regular and bold fonts the writer's callers use. */
export async function embedFamily(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const all = loadFaces();
  doc.registerFontkit(sharedFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const embed = async (face: Face): Promise<EmbeddedFace> => ({ face, pdf: await doc.embedFont(face.bytes, { subset: true }) });
  const [regular, bold, arabicRegular, arabicBold] = await Promise.all([embed(all.regular), embed(all.bold), embed(all.arabicRegular), embed(all.arabicBold)]);
  families.set(regular.pdf, [regular, arabicRegular]);
  families.set(bold.pdf, [bold, arabicBold]);
  return { regular: regular.pdf, bold: bold.pdf };
}
