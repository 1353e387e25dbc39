import { decode } from '@cwasm/webp';
import { photoWithinLimits, sniffImageType } from '@hiu/domain';
import type { ReportImage } from '@hiu/report-pdf';
import jpeg from 'jpeg-js';

/** As the phone encodes a reduced photo. */
const JPEG_QUALITY = 85;

/**
 * A WebP photo as a JPEG, because the PDF library embeds only JPEG and PNG; null when it is damaged, larger
 * than uploads may be or of fewer bytes than its pixels need (its header is read before any pixel is decoded).
 * The report's image budget has already chosen which are converted.
 */
export function webpAsJpeg(bytes: Uint8Array): Uint8Array | null {
  if (!photoWithinLimits(bytes, 'image/webp')) return null;
  try {
    const image = decode(bytes);
    const encoded = jpeg.encode({ data: image.data, width: image.width, height: image.height }, JPEG_QUALITY);
    return new Uint8Array(encoded.data.buffer, encoded.data.byteOffset, encoded.data.byteLength);
  } catch {
    return null;
  }
}

/** The report's images with each WebP one made a JPEG (the others as they are). */
export function withWebpAsJpeg(images: Record<string, ReportImage>): Record<string, ReportImage> {
  const out: Record<string, ReportImage> = {};
  for (const [id, image] of Object.entries(images)) {
    if (sniffImageType(image.bytes) !== 'image/webp') {
      out[id] = image;
      continue;
    }
    const converted = webpAsJpeg(image.bytes);
    if (converted) out[id] = { bytes: converted, contentType: 'image/jpeg' };
  }
  return out;
}
