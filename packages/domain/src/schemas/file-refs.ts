import type { WizardData } from './wizard-data.js';

/** A stored file as the wizard refers to it: `/api/files/{id}` (the `fileUrl` schema checks the same). */
export const FILE_URL_PATTERN = /^\/api\/files\/[0-9a-f-]{36}$/i;

/** The most photos one check holds. */
export const PHOTOS_PER_CHECK_MAX = 30;

export function isFileUrl(url: string): boolean {
  return FILE_URL_PATTERN.test(url);
}

export function fileUrlFor(id: string): string {
  return `/api/files/${id}`;
}

/** The file ids a wizard data set refers to (photos and signature). */
export function referencedFileIds(data: WizardData): string[] {
  const ids = data.photosSignature.photos.map((p) => p.id);
  const sig = data.photosSignature.signature;
  if (sig) ids.push(sig.slice('/api/files/'.length));
  return ids;
}
