// What a file is, told by its first bytes (its "magic number"), never by its name or the browser's claim: a
// renamed program stays a program. Only the kinds the product accepts anywhere are known here; each area says
// which of them it takes.

export type FileKind = 'pdf' | 'jpeg' | 'png' | 'webp' | 'heic' | 'docx';

export type FileKindInfo = { kind: FileKind; mime: string; extensions: readonly string[]; label: string };

export const FILE_KINDS: Record<FileKind, FileKindInfo> = {
  pdf: { kind: 'pdf', mime: 'application/pdf', extensions: ['pdf'], label: 'PDF document' },
  jpeg: { kind: 'jpeg', mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPEG image' },
  png: { kind: 'png', mime: 'image/png', extensions: ['png'], label: 'PNG image' },
  webp: { kind: 'webp', mime: 'image/webp', extensions: ['webp'], label: 'WebP image' },
  heic: { kind: 'heic', mime: 'image/heic', extensions: ['heic', 'heif'], label: 'HEIC photo' },
  docx: { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], label: 'Word document' },
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

// HEIF brands of photos (iPhones write heic; mif1/msf1 are the generic HEIF image and sequence brands).
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** A Word document is a ZIP whose parts include word/document.xml and [Content_Types].xml (names are stored as text). */
function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.includes('[Content_Types].xml') && text.includes('word/');
}

/** The kind of file these bytes are, or null when none the product knows. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  if (isDocx(bytes)) return 'docx';
  return null;
}

/** A file name's extension, lower case, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}
