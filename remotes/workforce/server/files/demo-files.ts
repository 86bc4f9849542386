import { deflateSync } from 'node:zlib';
import { Flow, formatDate, newPdf } from '@hcm/server/platform';

// Real small files for the demo uploads on staff files, made at seed time: PDF letters written with the platform's
// PDF tools and PNG pictures drawn pixel by pixel (a passport's photo page, a licence card), encoded here so no
// image library is needed.

type Rgb = readonly [number, number, number];

/** A picture to draw on: white, width × height, RGB. */
class Picture {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3).fill(255);
  }
  rect(x: number, y: number, width: number, height: number, [r, g, b]: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row += 1) {
      for (let column = Math.max(0, x); column < Math.min(this.width, x + width); column += 1) {
        const at = (row * this.width + column) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
    }
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb) {
    for (let y = cy - ry; y <= cy + ry; y += 1) {
      for (let x = cx - rx; x <= cx + rx; x += 1) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.rect(x, y, 1, 1, colour);
    }
  }
  /** The picture as a PNG file (8-bit RGB, no interlace). */
  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) Buffer.from(this.pixels.buffer, y * this.width * 3, this.width * 3).copy(rows, y * (this.width * 3 + 1) + 1);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const INK: Rgb = [40, 40, 48];
const GREY: Rgb = [190, 192, 198];

/** An identity document's photo page or card: a tinted background, the photo, lines of text and a machine-readable strip. */
export function idCardPng(tint: Rgb, lines = 5): Buffer {
  const picture = new Picture(320, 200);
  picture.rect(0, 0, 320, 200, tint);
  picture.rect(16, 40, 90, 116, [235, 232, 226]);
  picture.ellipse(61, 84, 24, 30, GREY); // the head
  picture.rect(31, 118, 60, 38, GREY); // the shoulders
  picture.rect(16, 12, 180, 12, INK);
  for (let line = 0; line < lines; line += 1) picture.rect(124, 44 + line * 20, 80 + ((line * 53) % 90), 7, INK);
  picture.rect(16, 168, 288, 8, INK);
  picture.rect(16, 182, 288, 8, INK);
  return picture.png();
}

/** A letter as a PDF: the sender, the date, the addressee, the title, labelled facts and paragraphs. */
export async function letterPdf(letter: { from: string; title: string; to: string; date: string; paragraphs: readonly string[]; fields?: readonly [string, string][]; signed?: string }): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf(letter.title);
  const flow = new Flow(doc, fonts, `${letter.from} · Confidential`);
  flow.text(letter.from, { size: 16, bold: true, gap: 2 });
  flow.text(formatDate(letter.date), { gap: 8 });
  flow.text(letter.to, { gap: 8 });
  flow.text(letter.title, { size: 13, bold: true, gap: 6 });
  for (const [label, value] of letter.fields ?? []) flow.field(label, value);
  for (const paragraph of letter.paragraphs) flow.text(paragraph, { gap: 6 });
  if (letter.signed) {
    flow.text('Yours sincerely,', { gap: 18 });
    flow.text(letter.signed, { bold: true });
  }
  return doc.save();
}
