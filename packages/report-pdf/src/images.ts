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

/** Embeds a photo or signature; null when it is missing, not JPEG/PNG, or damaged (the PDF shows a placeholder). */
export async function embedImage(doc: PDFDocument, image: ReportImage | undefined): Promise<PDFImage | null> {
  if (!image) return null;
  const kind = imageKind(image.bytes);
  try {
    if (kind === 'jpeg') return await doc.embedJpg(image.bytes);
    if (kind === 'png') return await doc.embedPng(image.bytes);
  } catch {
    return null;
  }
  return null;
}
