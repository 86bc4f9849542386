// Draws the app's PNG icons (a white house on the brand blue) into public/: `node scripts/icons.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BRAND = [0x0b, 0x3d, 0x5c];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Whether (x, y) in a unit square is on the house: a roof triangle over a body with a door cut out. */
function onHouse(x, y) {
  const roof = y >= 0.22 && y <= 0.5 && Math.abs(x - 0.5) <= (y - 0.22) * (0.32 / 0.28);
  const body = x >= 0.28 && x <= 0.72 && y >= 0.48 && y <= 0.78;
  const door = x >= 0.44 && x <= 0.56 && y >= 0.6 && y <= 0.78;
  return (roof || body) && !door;
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = [0];
    for (let x = 0; x < size; x += 1) row.push(...(onHouse((x + 0.5) / size, (y + 0.5) / size) ? WHITE : BRAND));
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

for (const size of [192, 512]) writeFileSync(new URL(`../public/icon-${size}.png`, import.meta.url), png(size));
