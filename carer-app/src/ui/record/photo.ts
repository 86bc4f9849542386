import { MEDICATION_IMAGE_MAX_BYTES } from '@hcm/area-care-records/contract/live-medication.js';

// A photo of the MAR sheet or blister pack, made small on the phone before it is queued: a JPEG of at most
// PHOTO_TARGET_BYTES (the route takes up to MEDICATION_IMAGE_MAX_BYTES; a smaller photo is kept offline and sent
// on a poor signal without trouble), drawn on a canvas from the camera's picture at most LONGEST_SIDE pixels on
// its longest side, the quality stepped down, then the size, until it fits.

export const PHOTO_TARGET_BYTES = Math.min(1_000_000, MEDICATION_IMAGE_MAX_BYTES);
export const LONGEST_SIDE = 2000;
const QUALITIES = [0.85, 0.75, 0.65, 0.55];
const SMALLEST_SIDE = 600;

export type Jpeg = { data: string; bytes: number; width: number; height: number };

/** Bytes of base64 text (without a data: prefix). */
export const base64Bytes = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/**
 * The first encoding that fits: each quality at the largest size, then the size three quarters smaller, down to
 * SMALLEST_SIDE. `encode` draws the picture with its longest side at `longest` pixels and answers the JPEG's
 * base64 (no data: prefix).
 */
export function fitJpeg(size: { width: number; height: number }, encode: (width: number, height: number, quality: number) => string, target = PHOTO_TARGET_BYTES): Jpeg {
  const natural = Math.max(size.width, size.height);
  if (!natural) throw new Error('This picture is empty: take the photo again.');
  for (let longest = Math.min(natural, LONGEST_SIDE); ; longest = Math.round(longest * 0.75)) {
    const scale = longest / natural;
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    for (const quality of QUALITIES) {
      const data = encode(width, height, quality);
      const bytes = base64Bytes(data);
      if (bytes <= target) return { data, bytes, width, height };
    }
    if (longest <= SMALLEST_SIDE) break;
  }
  throw new Error('This photo could not be made small enough to send: take it again, closer up.');
}

async function pictureOf(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; done(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, done: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  await image.decode();
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, done: () => URL.revokeObjectURL(url) };
}

/** The camera's picture as a JPEG small enough for the route (canvas in the browser; nothing is uploaded yet). */
export async function photoToJpeg(file: Blob): Promise<Jpeg> {
  let picture: Awaited<ReturnType<typeof pictureOf>>;
  try {
    picture = await pictureOf(file);
  } catch {
    throw new Error('This file could not be read as a picture: take the photo again.');
  }
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This phone cannot make the photo smaller: take it again at a lower resolution.');
    return fitJpeg(picture, (width, height, quality) => {
      canvas.width = width;
      canvas.height = height;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.drawImage(picture.source, 0, 0, width, height);
      return canvas.toDataURL('image/jpeg', quality).replace(/^data:image\/jpeg;base64,/, '');
    });
  } finally {
    picture.done();
  }
}
