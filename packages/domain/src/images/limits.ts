/**
 * What the app makes of a photo or a signature, and what the server takes. The app reduces a
 * camera photo to a JPEG of about 1600 px on its longest side and at most about 400 KB; the server takes
 * that plus a margin and refuses anything larger before any pixel is decoded, so no upload can cost more
 * memory or time than a reduced photo does.
 */
export const PHOTO_REDUCED = { maxSide: 1600, maxBytes: 400 * 1024 } as const;

/** The signature pad draws at this size (a PNG). */
export const SIGNATURE_DRAWN = { width: 600, height: 200 } as const;

/** The most photos one check may have. */
export const PHOTOS_PER_CHECK = 30;

export type UploadKind = 'photo' | 'signature' | 'original';

export interface UploadLimit {
  /** Longest side in pixels. */
  maxSide: number;
  /** Width times height. */
  maxPixels: number;
  maxBytes: number;
}

const PHOTO_SIDE = 2048; // 1600 plus a quarter

/** The largest upload the server takes, per kind. */
export const UPLOAD_LIMITS: Record<UploadKind, UploadLimit> = {
  photo: { maxSide: PHOTO_SIDE, maxPixels: PHOTO_SIDE * PHOTO_SIDE, maxBytes: 1536 * 1024 },
  signature: {
    maxSide: 2 * SIGNATURE_DRAWN.width,
    maxPixels: 4 * SIGNATURE_DRAWN.width * SIGNATURE_DRAWN.height,
    maxBytes: 512 * 1024,
  },
  /**
   * A camera original, kept beside its reduced photo only on sites whose admin asked for it.
   * Never decoded: its header must say a size a phone camera makes (up to 200 megapixels).
   */
  original: { maxSide: 16384, maxPixels: 200_000_000, maxBytes: 25 * 1024 * 1024 },
};

/**
 * The fewest bytes a WebP image may have per megapixel it declares. A WebP is decoded to be
 * put in the PDF, and that costs time per pixel whatever the bytes: a blank 2048 x 2048 canvas in Chromium's
 * lossless mode is 520 bytes and took 1.1-1.6 s of a PDF thread. Chromium's lossy encoder writes at least
 * about 1,900 bytes per megapixel, for a picture with nothing in it at any quality, and a photo of a plain
 * white wall reduced as the app reduces photos about 4,300; real photos far more. A JPEG needs no floor: the
 * PDF embeds it without decoding it.
 */
export const WEBP_MIN_BYTES_PER_MEGAPIXEL = 1000;

/** The fewest bytes a WebP image of this size may have. */
export function webpMinBytes(size: { width: number; height: number }): number {
  return Math.ceil((size.width * size.height * WEBP_MIN_BYTES_PER_MEGAPIXEL) / 1_000_000);
}

/** The largest request body a photo or signature upload may have (originals have their own route). */
export const MAX_UPLOAD_BYTES = Math.max(UPLOAD_LIMITS.photo.maxBytes, UPLOAD_LIMITS.signature.maxBytes);

/**
 * The default of how many photos and signatures, and bytes, one user may hold that no report has claimed
 *: a full check's photos and signature at their largest, twice over. The server's settings
 * can change it.
 */
export const DEFAULT_UNCLAIMED_LIMIT = {
  count: 2 * (PHOTOS_PER_CHECK + 1),
  bytes: 2 * (PHOTOS_PER_CHECK * UPLOAD_LIMITS.photo.maxBytes + UPLOAD_LIMITS.signature.maxBytes),
} as const;
