import { fitWithin } from '#shared/listings/view.ts';
import { messages } from '#shared/validation.ts';
import type { MessageId } from '../../lib/i18n.tsx';

/** Longest side of a photo as it is sent; the server keeps at most this much (SECURITY.md, Images). */
export const PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/** A photo that cannot be sent; `id` and `values` say why in the viewer's language (else `message`, a registered sentence, does). */
export class PhotoError extends Error {
  constructor(
    message: string,
    readonly id?: MessageId,
    readonly values?: Record<string, string>,
  ) {
    super(message);
  }
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** Decodes a picked file; the browser applies the photo's EXIF orientation to what it draws. */
async function decode(file: File, url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    throw new PhotoError(`${file.name} could not be read as a photo`, 'listings.photos.unreadable', {
      name: file.name,
    });
  }
  return image;
}

/**
 * A picked photo as a JPEG data URL whose longest side is at most 1600 px: phones take 12 MP
 * photos of several megabytes, and sending them whole would be slow and could pass the server's
 * 5 MB limit.
 */
export async function downscalePhoto(file: File, maxSide = PHOTO_MAX_SIDE): Promise<string> {
  if (!file.type.startsWith('image/')) throw new PhotoError(messages.imageRequired);
  const url = URL.createObjectURL(file);
  try {
    const image = await decode(file, url);
    const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoError('This browser cannot prepare photos', 'listings.photos.unsupported');
    // JPEG has no transparency: transparent parts become white rather than black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob)
      throw new PhotoError(`${file.name} could not be prepared`, 'listings.photos.notPrepared', {
        name: file.name,
      });
    return await blobToDataUrl(blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
