import { deflateSync } from 'node:zlib';
import { Flow, formatDate, newPdf } from '@hcm/server/platform';

// Real small files for the demo uploads, made at seed time: PDF letters written with pdf-lib and PNG pictures
// drawn pixel by pixel (a receipt, a body map, a chart), encoded here so no image library is needed.

type Rgb = readonly [number, number, number];

/** A picture to draw on: white, width × height, RGB. */
export class Picture {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3).fill(255);
  }
  dot(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[at] = r;
    this.pixels[at + 1] = g;
    this.pixels[at + 2] = b;
  }
  rect(x: number, y: number, width: number, height: number, colour: Rgb) {
    for (let row = y; row < y + height; row += 1) for (let column = x; column < x + width; column += 1) this.dot(column, row, colour);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb, outline = false) {
    for (let y = cy - ry; y <= cy + ry; y += 1) {
      for (let x = cx - rx; x <= cx + rx; x += 1) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (outline ? d <= 1 && d >= 0.8 : d <= 1) this.dot(x, y, colour);
      }
    }
  }
  /** The picture as a PNG file (8-bit RGB, no interlace). */
  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      rows[y * (this.width * 3 + 1)] = 0; // filter: none
      Buffer.from(this.pixels.buffer, y * this.width * 3, this.width * 3).copy(rows, y * (this.width * 3 + 1) + 1);
    }
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
const MARK: Rgb = [120, 20, 20];

/** A till receipt: a header block, item lines of different lengths, a rule and a bold total. */
export function receiptPng(items: number): Buffer {
  const picture = new Picture(200, 120 + items * 16);
  picture.rect(0, 0, 200, picture.height, [250, 249, 244]);
  picture.rect(50, 12, 100, 10, INK);
  picture.rect(70, 28, 60, 5, GREY);
  for (let line = 0; line < items; line += 1) {
    const y = 52 + line * 16;
    picture.rect(16, y, 60 + ((line * 37) % 70), 5, INK);
    picture.rect(150, y, 34, 5, INK);
  }
  const ruleY = 60 + items * 16;
  picture.rect(16, ruleY, 168, 1, INK);
  picture.rect(16, ruleY + 12, 50, 8, INK);
  picture.rect(140, ruleY + 12, 44, 8, INK);
  for (let x = 16; x < 184; x += 6) picture.rect(x, ruleY + 36, 3, 14, INK); // the barcode
  return picture.png();
}

/** A body map (front view) with a mark where the injury is, as carers draw it. */
export function bodyMapPng(mark: { x: number; y: number }): Buffer {
  const picture = new Picture(160, 300);
  picture.ellipse(80, 30, 20, 24, INK, true); // head
  picture.rect(72, 54, 16, 10, INK); // neck
  picture.rect(48, 64, 64, 100, GREY); // body
  picture.rect(30, 66, 16, 90, GREY); // arms
  picture.rect(114, 66, 16, 90, GREY);
  picture.rect(52, 166, 24, 120, GREY); // legs
  picture.rect(84, 166, 24, 120, GREY);
  picture.ellipse(mark.x, mark.y, 7, 7, MARK);
  return picture.png();
}

/** A letter on the agency's paper as a PDF: heading, addressee, paragraphs, signature. */
export async function letterPdf(letter: { title: string; to: string; date: string; paragraphs: readonly string[]; from: string; fields?: readonly [string, string][] }): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf(letter.title);
  const flow = new Flow(doc, fonts, 'Home Care Camden · 12 Pratt Street, London NW1 0AB · 020 7946 0000 · Confidential');
  flow.text('Home Care Camden', { size: 16, bold: true, gap: 2 });
  flow.text(formatDate(letter.date), { gap: 8 });
  flow.text(letter.to, { gap: 8 });
  flow.text(letter.title, { size: 13, bold: true, gap: 6 });
  for (const [label, value] of letter.fields ?? []) flow.field(label, value);
  for (const paragraph of letter.paragraphs) flow.text(paragraph, { gap: 6 });
  flow.text('Yours sincerely,', { gap: 18 });
  flow.text(letter.from, { bold: true });
  return doc.save();
}
