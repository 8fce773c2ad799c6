import sharp from 'sharp';
import { messages } from '#shared/validation.ts';
import { badRequest } from '../../http/errors.ts';

export const MAX_IMAGE_SIDE = 1600;
// Refuse decompression bombs: a 5 MB file may not claim more than 50 megapixels.
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ProcessedImage {
  data: Buffer;
  mime: 'image/webp';
  width: number;
  height: number;
}

/**
 * Decides by content, never by name or declared type, and re-encodes to WebP: oriented by EXIF,
 * longest side at most 1600 px, and no metadata (GPS, camera, comments) carried over.
 */
export async function processImage(input: Buffer, maxSide = MAX_IMAGE_SIDE): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw badRequest(messages.imageRequired);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(messages.imageRequired);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      // A low effort encodes much faster for nearly the same size (docs/decisions/0021).
      .webp({ quality: 82, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw badRequest('image.unreadable');
  }
}
