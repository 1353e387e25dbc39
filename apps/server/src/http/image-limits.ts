import { HttpError } from './errors.js';

/**
 * Pixel limits for uploaded images. Bytes alone do not bound the cost of an image: a few kilobytes of PNG
 * can declare 30000 x 30000 pixels, and whatever decodes it (the PDF builder inflates PNGs) would need
 * gigabytes. 50 megapixels takes a 48 MP phone photo unreduced; a signature pad draws far less.
 */
export const MAX_PIXELS = { photo: 50_000_000, signature: 4_000_000 } as const;
export const MAX_SIDE = 20_000;

export interface Dimensions {
  width: number;
  height: number;
}

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegDimensions(data: Buffer): Dimensions | undefined {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or start of scan before any frame
    if (JPEG_SOF.has(marker)) return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + data.readUInt16BE(at + 2);
  }
  return undefined;
}

function pngDimensions(data: Buffer): Dimensions | undefined {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function webpDimensions(data: Buffer): Dimensions | undefined {
  if (data.length < 30) return undefined;
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return undefined;
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (data[20] !== 0x2f) return undefined;
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** Width and height from the image's own header, without decoding it; undefined when there is no readable header. */
export function imageDimensions(
  data: Buffer,
  contentType: 'image/jpeg' | 'image/png' | 'image/webp',
): Dimensions | undefined {
  try {
    const found =
      contentType === 'image/jpeg'
        ? jpegDimensions(data)
        : contentType === 'image/png'
          ? pngDimensions(data)
          : webpDimensions(data);
    return found && found.width > 0 && found.height > 0 ? found : undefined;
  } catch {
    return undefined; // a header cut short
  }
}

/** Refuses an image whose header cannot be read (415) or that declares too many pixels (413). */
export function checkImageSize(
  data: Buffer,
  contentType: 'image/jpeg' | 'image/png' | 'image/webp',
  kind: keyof typeof MAX_PIXELS,
): Dimensions {
  const size = imageDimensions(data, contentType);
  if (!size) throw new HttpError(415, 'unsupported_media_type', 'The image is damaged or incomplete');
  const max = MAX_PIXELS[kind];
  if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > max) {
    throw new HttpError(
      413,
      'too_large',
      `The image is ${size.width} x ${size.height} pixels; a ${kind} may have at most ${max / 1_000_000} megapixels and ${MAX_SIDE} pixels a side`,
    );
  }
  return size;
}
