import { imageDimensions, UPLOAD_LIMITS } from '@hiu/domain';
import type { PDFDocument, PDFImage } from 'pdf-lib';

export interface ReportImage {
  bytes: Uint8Array;
  contentType: string;
}

/** JPEG or PNG by their first bytes (the stored content type is what the client claimed). */
export function imageKind(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  return null;
}

/**
 * Whether an image is within what uploads may be, read from its header before any decoding.
 * Files stored before the limits can be larger; a 143 KB PNG can declare 7000 x 7000 pixels.
 */
export function withinUploadLimits(bytes: Uint8Array, kind: 'jpeg' | 'png'): boolean {
  const limit = UPLOAD_LIMITS.photo; // the larger of the kinds
  if (bytes.length > limit.maxBytes) return false;
  const size = imageDimensions(bytes, kind === 'jpeg' ? 'image/jpeg' : 'image/png');
  return !!size && Math.max(size.width, size.height) <= limit.maxSide && size.width * size.height <= limit.maxPixels;
}

/**
 * Embeds a photo or signature; null when it is missing, not JPEG/PNG, damaged or larger than uploads may be
 * (the PDF shows a placeholder). It is written into the document at once, so a decoded PNG's pixels are
 * let go before the next image is read rather than all kept until the PDF is saved.
 */
export async function embedImage(doc: PDFDocument, image: ReportImage | undefined): Promise<PDFImage | null> {
  if (!image) return null;
  const kind = imageKind(image.bytes);
  if (!kind || !withinUploadLimits(image.bytes, kind)) return null;
  // pdf-lib reads a JPEG from the start of its buffer, whatever the view's offset: a view into a larger buffer
  // (Node 24's Buffer pool hands out small encoder outputs so) is copied into one of its own.
  const { bytes } = image;
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  try {
    const embedded = kind === 'jpeg' ? await doc.embedJpg(own) : await doc.embedPng(own);
    await embedded.embed();
    return embedded;
  } catch {
    return null;
  }
}
