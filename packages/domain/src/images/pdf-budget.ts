import { imageDimensions, sniffImageType, type Dimensions, type ImageType } from './dimensions.js';
import { PHOTO_REDUCED, PHOTOS_PER_CHECK, UPLOAD_LIMITS, webpMinBytes } from './limits.js';

/**
 * Width and height of an image within what a photo upload may be (the larger of the kinds), read from its
 * header before any pixel is decoded; undefined when it is damaged, larger, or a WebP of fewer bytes than its
 * pixels need. Files stored before a limit existed can be any of these.
 */
export function photoWithinLimits(data: Uint8Array, type: ImageType): Dimensions | undefined {
  const limit = UPLOAD_LIMITS.photo;
  if (data.length > limit.maxBytes) return undefined;
  const size = imageDimensions(data, type);
  if (!size || Math.max(size.width, size.height) > limit.maxSide || size.width * size.height > limit.maxPixels) {
    return undefined;
  }
  if (type === 'image/webp' && data.length < webpMinBytes(size)) return undefined;
  return size;
}

/**
 * What one report's PDF may spend on its images: the bytes it embeds (every photo the app makes
 * at its largest and a signature, so no report the app sends is cut), and the pixels it must decode (WebP
 * photos made JPEG and PNG images; a JPEG is embedded as it is): two of the largest photos and a signature,
 * a few seconds of a PDF thread.
 */
export const PDF_IMAGE_BUDGET = {
  bytes: PHOTOS_PER_CHECK * PHOTO_REDUCED.maxBytes + UPLOAD_LIMITS.signature.maxBytes,
  decodedPixels: 2 * UPLOAD_LIMITS.photo.maxPixels + UPLOAD_LIMITS.signature.maxPixels,
} as const;

export type PdfImageBudgetLimits = { bytes: number; decodedPixels: number };

/**
 * What becomes of one image: shown; unreadable (damaged or beyond the limits, "Image not available"); or left
 * out because the report's images have spent the budget.
 */
export type PdfImageVerdict = 'shown' | 'unreadable' | 'over_bytes' | 'over_pixels';

/**
 * A report's image budget, spent image by image in the order they are taken (the signature first, then the
 * photos in the report's order). An image that does not fit spends nothing, so a later smaller one may.
 */
export function pdfImageBudget(limits: PdfImageBudgetLimits = PDF_IMAGE_BUDGET) {
  let bytes = 0;
  let decodedPixels = 0;
  return {
    take(data: Uint8Array): PdfImageVerdict {
      const type = sniffImageType(data);
      const size = type && photoWithinLimits(data, type);
      if (!type || !size) return 'unreadable';
      const decoded = type === 'image/jpeg' ? 0 : size.width * size.height;
      if (bytes + data.length > limits.bytes) return 'over_bytes';
      if (decodedPixels + decoded > limits.decodedPixels) return 'over_pixels';
      bytes += data.length;
      decodedPixels += decoded;
      return 'shown';
    },
    /** Whether an image of this many bytes could still be shown: one that could not need not be read. */
    fits(size: number): boolean {
      return bytes + size <= limits.bytes;
    },
    get spent() {
      return { bytes, decodedPixels };
    },
  };
}

/** The words printed in the place of a photo the budget left out. */
export function pdfImageNotShown(
  verdict: 'over_bytes' | 'over_pixels',
  limits: PdfImageBudgetLimits = PDF_IMAGE_BUDGET,
): string {
  return verdict === 'over_bytes'
    ? `Photo not shown: the photos are over ${(limits.bytes / 1024 / 1024).toFixed(1)} MB in all`
    : `Photo not shown: over ${(limits.decodedPixels / 1_000_000).toFixed(1)} megapixels to convert`;
}
