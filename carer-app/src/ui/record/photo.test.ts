import { MEDICATION_IMAGE_MAX_BYTES } from '@hcm/area-care-records/contract/live-medication.js';
import { base64Bytes, fitJpeg, LONGEST_SIDE, PHOTO_TARGET_BYTES } from './photo';

// Making a camera picture small enough to queue and send: the canvas is the boundary faked here (an encoder whose
// JPEG size follows the pixels and the quality), the stepping down is the app's.

/** A fake JPEG encoder: about `perPixel` bytes a pixel at quality 1, fewer at lower quality; records each try. */
function encoder(perPixel: number) {
  const tries: { width: number; height: number; quality: number }[] = [];
  const encode = (width: number, height: number, quality: number) => {
    tries.push({ width, height, quality });
    const bytes = Math.round(width * height * perPixel * quality);
    return 'A'.repeat(Math.ceil(bytes / 3) * 4);
  };
  return { tries, encode };
}

test('the target is within the route’s limit', () => {
  expect(PHOTO_TARGET_BYTES).toBeLessThanOrEqual(MEDICATION_IMAGE_MAX_BYTES);
  expect(base64Bytes('QUJD')).toBe(3);
  expect(base64Bytes('QUI=')).toBe(2);
  expect(base64Bytes('QQ==')).toBe(1);
});

test('a phone camera’s 12 MP picture is drawn at most 2000 px long and stepped down until it fits', () => {
  const { tries, encode } = encoder(1);
  const jpeg = fitJpeg({ width: 4032, height: 3024 }, encode);
  expect(tries[0]).toEqual({ width: LONGEST_SIDE, height: 1500, quality: 0.85 });
  expect(jpeg.bytes).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
  // Qualities first at each size, then three quarters of the size.
  expect(tries.map((one) => `${one.width}x${one.height}@${one.quality}`)).toEqual([
    ...[0.85, 0.75, 0.65, 0.55].map((quality) => `2000x1500@${quality}`),
    ...[0.85, 0.75, 0.65, 0.55].map((quality) => `1500x1125@${quality}`),
  ]);
  expect(jpeg).toMatchObject({ width: 1500, height: 1125 });
});

test('a small picture is kept at its own size; one that cannot fit is refused in words', () => {
  const small = encoder(0.1);
  expect(fitJpeg({ width: 800, height: 600 }, small.encode)).toMatchObject({ width: 800, height: 600 });
  expect(small.tries).toHaveLength(1);
  expect(() => fitJpeg({ width: 640, height: 480 }, encoder(12).encode)).toThrow('This photo could not be made small enough to send: take it again, closer up.');
});
