import { PHOTO_REDUCED, UPLOAD_LIMITS } from '@hiu/domain';
import { PhotoError } from './photo-error';

/** Photos are reduced on the device to about 1600 px on the longest side, as JPEG. */
export const PHOTO_MAX_SIDE = PHOTO_REDUCED.maxSide;
export const PHOTO_QUALITY = 0.8;
/** A reduced photo is at most 400 KB; a detailed one is encoded again at these lower qualities. */
export const PHOTO_MAX_BYTES = PHOTO_REDUCED.maxBytes;
const FALLBACK_QUALITIES = [0.7, 0.6, 0.5];
/** The server's limit for one photo (PUT /api/files answers 413 above it). */
export const MAX_UPLOAD_BYTES = UPLOAD_LIMITS.photo.maxBytes;

/** What the server takes as a photo (not PNG: the PDF would have to decode it). */
const KEPT_AS_IS = ['image/jpeg', 'image/webp'];

/** The size to draw at: the longest side at most `max`, proportions kept, never enlarged. */
export function scaledSize(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export { PhotoError };

/**
 * Reduces a camera photo to a JPEG blob. The photo is decoded with its EXIF orientation applied, so a
 * portrait shot stays upright. When the browser cannot decode it (some HEIC files), a JPEG, PNG or WebP
 * small enough to upload is kept as it is; anything else is refused with a message for the engineer.
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const encode = canvasFor(bitmap, width, height);
    let out = await encode(PHOTO_QUALITY);
    for (const quality of FALLBACK_QUALITIES) {
      if (out.size <= PHOTO_MAX_BYTES) break;
      out = await encode(quality);
    }
    return out;
  } catch {
    if (KEPT_AS_IS.includes(file.type) && file.size <= MAX_UPLOAD_BYTES) return file;
    throw new PhotoError('This photo could not be read. Take it again, or choose a JPEG image.');
  } finally {
    bitmap?.close();
  }
}

/** Draws the photo once at its new size; the returned function encodes that drawing as JPEG. */
function canvasFor(bitmap: ImageBitmap, width: number, height: number): (quality: number) => Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'), bitmap, width, height);
    return (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  draw(canvas.getContext('2d'), bitmap, width, height);
  return (quality) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality),
    );
}

function draw(
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): void {
  if (!ctx) throw new Error('no 2d context');
  // The browser's default (fast) smoothing: 'high' measured about 1.5x slower on a 12-MP photo at 4x CPU,
  // and a lower JPEG quality keeps the size in bounds instead (docs/benchmarks.md).
  ctx.drawImage(bitmap, 0, 0, width, height);
}
