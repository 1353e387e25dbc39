import { UUID_PATTERN } from '../ids.js';

/** A stored file as the wizard refers to it: `/api/files/{id}` (the `fileUrl` schema checks the same). */
export const FILE_URL_PATTERN = new RegExp(`^/api/files/${UUID_PATTERN.source.slice(1)}`, 'i');

export function isFileUrl(url: string): boolean {
  return FILE_URL_PATTERN.test(url);
}

export function fileUrlFor(id: string): string {
  return `/api/files/${id}`;
}

/** The file ids a wizard data set refers to (photos and signature). */
export function referencedFileIds(data: {
  photosSignature: { photos: { id: string }[]; signature: string };
}): string[] {
  const ids = data.photosSignature.photos.map((p) => p.id);
  const sig = data.photosSignature.signature;
  if (sig) ids.push(sig.slice('/api/files/'.length));
  return ids;
}

/** The camera originals a wizard data set keeps beside its photos; never in the PDF. */
export function originalFileIds(data: { photosSignature: { photos: { originalId?: string }[] } }): string[] {
  return data.photosSignature.photos.flatMap((p) => (p.originalId ? [p.originalId] : []));
}

/** Every file a check's report carries: photos, signature and any kept originals. */
export function checkFileIds(data: {
  photosSignature: { photos: { id: string; originalId?: string }[]; signature: string };
}): string[] {
  return [...referencedFileIds(data), ...originalFileIds(data)];
}
