import { checkFileIds, fileUrlFor, UPLOAD_LIMITS, type Photo } from '@hiu/domain';
import type { CheckHost } from './check-host';
import type { DeviceFile } from './device-db';
import { storageMessage } from './check-storage';
import { isQuotaError } from './local-cache';
import { opId } from './op-id';
import { PhotoError } from './photo-error';

/*
 * Keeping a new photo or signature on the phone and queuing its upload, and freeing the space of those nothing
 * refers to any more: fetched with the screens that take them (step 7, the failure's evidence) or with the first
 * clean-up, not with the check's first screen; the service worker keeps it offline.
 */

/** Reduces the photo on the device, keeps it in IndexedDB, queues its upload and adds it to the check. */
export async function addPhoto(host: CheckHost, file: File | Blob, label: string): Promise<Photo> {
  const blob = await host.deps.compress(file);
  const id = host.uuid();
  await keepFile(host, id, 'photo', blob);
  // A camera file's time is when it was taken; a blob without one is stamped now.
  const taken = file instanceof File && file.lastModified > 0 ? file.lastModified : host.now();
  const photo: Photo = {
    id,
    url: fileUrlFor(id),
    label: label.slice(0, 120),
    takenAt: new Date(taken).toISOString(),
    ...(await keepOriginal(host, file)),
  };
  host.update((d) => {
    d.photosSignature.photos.push(photo);
  });
  (await host.engine()).kick();
  return photo;
}

/**
 * On a site that keeps originals, the camera file itself is kept and uploaded too, when it
 * is a JPEG or WebP within the server's limit; otherwise the photo goes without it, as on any site.
 */
async function keepOriginal(host: CheckHost, file: File | Blob): Promise<{ originalId?: string }> {
  if (!host.snap.state.keepOriginals) return {};
  if (!['image/jpeg', 'image/webp'].includes(file.type) || file.size > UPLOAD_LIMITS.original.maxBytes) return {};
  const originalId = host.uuid();
  await keepFile(host, originalId, 'original', file);
  return { originalId };
}

/** A new signature drawing (PNG): kept, queued and made the check's signature. */
export async function keepSignature(host: CheckHost, png: Blob): Promise<void> {
  const id = host.uuid();
  const blob = png.type === 'image/png' ? png : new Blob([png], { type: 'image/png' });
  await keepFile(host, id, 'signature', blob);
  host.update((d) => {
    d.photosSignature.signature = fileUrlFor(id);
  });
  (await host.engine()).kick();
}

async function keepFile(host: CheckHost, id: string, kind: DeviceFile['kind'], blob: Blob) {
  const user = host.user;
  if (!user) throw new PhotoError('Sign in to add photos');
  try {
    await host.deps.store.putFile({
      id,
      userId: user.id,
      kind,
      blob,
      createdAt: new Date(host.now()).toISOString(),
      uploaded: false,
    });
    await (await host.engine()).enqueue({ id: opId.uploadFile(id), kind: 'uploadFile', payload: { fileId: id, kind } });
  } catch (error) {
    host.setSnap({ storageWarning: storageMessage(error) });
    const what = kind === 'signature' ? 'signature' : 'photo';
    throw new PhotoError(
      isQuotaError(error)
        ? `This phone is out of storage space, so the ${what} was not kept. Free some space and try again.`
        : `This phone could not store the ${what}. Free some space and try again.`,
    );
  }
}

/**
 * Frees device space: removes the user's blobs that nothing refers to any more (not the check, not a
 * queued draft, upload or report). A file is never removed before the server has it unless the
 * engineer took it out of the check.
 */
export async function collectFiles(host: CheckHost): Promise<void> {
  const user = host.user;
  if (!user) return;
  try {
    const keep = new Set(checkFileIds(host.snap.state.wizardData));
    const ops = await host.deps.store.listOps();
    // The schemas (zod) load only when a queued copy must be read: starting a fresh check never needs them.
    for (const op of ops) {
      if (op.kind === 'uploadFile') keep.add(op.payload.fileId);
      if (op.kind === 'saveDraft' || op.kind === 'submitReport') {
        const d = await host.schemas.parseWizardData(op.payload.wizardData);
        if (d) for (const id of checkFileIds(d)) keep.add(id);
      }
    }
    for (const file of await host.deps.store.listFiles()) {
      if (file.userId === user.id && !keep.has(file.id)) await host.deps.store.deleteFile(file.id);
    }
  } catch {
    // clean-up can wait
  }
}
