import {
  imageDimensions,
  UPLOAD_LIMITS,
  WEBP_MIN_BYTES_PER_MEGAPIXEL,
  webpMinBytes,
  type Dimensions,
  type ImageType,
  type UploadKind,
} from '@hiu/domain';
import { HttpError } from './errors.js';

/**
 * Refuses, before any pixel is decoded, what the app never sends: more bytes or more pixels
 * than a reduced photo or a drawn signature can have (413), or an image whose header cannot be read (415).
 * Bytes alone do not bound an image's cost: 143 KB of PNG can declare 7000 x 7000 pixels. A WebP photo, which
 * the PDF must decode, needs enough bytes for the pixels it declares: 520 bytes of WebP can
 * declare 2048 x 2048. An original is never decoded, so it is not asked.
 */
export function checkImageSize(data: Uint8Array, contentType: ImageType, kind: UploadKind): Dimensions {
  const limit = UPLOAD_LIMITS[kind];
  if (data.length > limit.maxBytes) throw tooLarge(kind, data.length);
  const size = imageDimensions(data, contentType);
  if (!size) throw new HttpError(415, 'unsupported_media_type', 'The image is damaged or incomplete');
  if (Math.max(size.width, size.height) > limit.maxSide || size.width * size.height > limit.maxPixels) {
    throw new HttpError(
      413,
      'too_large',
      kind === 'original'
        ? `The image is ${size.width} x ${size.height} pixels; an original photo may be at most ${limit.maxSide} pixels on its longest side and ${limit.maxPixels / 1_000_000} megapixels.`
        : `The image is ${size.width} x ${size.height} pixels; a ${kind} may be at most ${limit.maxSide} pixels on its longest side. ` +
            `The app reduces ${kind === 'photo' ? 'photos' : 'signatures'} to that size itself: add the ${kind} through the app.`,
    );
  }
  if (kind === 'photo' && contentType === 'image/webp' && data.length < webpMinBytes(size)) {
    throw new HttpError(
      413,
      'too_large',
      `The image is ${size.width} x ${size.height} pixels in ${data.length} bytes; a WebP photo needs at least ` +
        `${webpMinBytes(size)} bytes for that many pixels (${WEBP_MIN_BYTES_PER_MEGAPIXEL} per megapixel). ` +
        'The app sends photos as JPEG: add the photo through the app.',
    );
  }
  return size;
}

/** 413 for an upload of more bytes than its kind may have: how many when it is known (a streamed one stops early). */
export function tooLarge(kind: UploadKind, bytes?: number): HttpError {
  const what = kind === 'original' ? 'An original photo' : `A ${kind}`;
  const max = `${what} may be at most ${UPLOAD_LIMITS[kind].maxBytes / 1024} KB`;
  return new HttpError(
    413,
    'too_large',
    bytes === undefined ? `${max}; this one is more` : `${max}; this one is ${Math.ceil(bytes / 1024)} KB`,
  );
}
