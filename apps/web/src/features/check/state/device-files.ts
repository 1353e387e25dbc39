import { checkFileIds, fileUrlFor, UPLOAD_LIMITS, type Photo } from '@hiu/domain';
import type { CheckHost } from './check-host';
import type { DeviceFile } from './device-store';
import { storageMessage } from './device-copy';
import { isQuotaError } from './local-cache';
import { opId } from './outbox';
import { PhotoError } from './photo-error';

export const MAX_PHOTOS = 30;

/**
 * The check's photos and signature: kept on the device as blobs and queued for upload before the check
 * refers to them, and freed once nothing refers to them any more.
 */
export class DeviceFiles {
  constructor(private readonly host: CheckHost) {}

  /** Reduces the photo on the device, keeps it in IndexedDB, queues its upload and adds it to the check. */
  addPhoto = async (file: File | Blob, label = ''): Promise<Photo> => {
    const { host } = this;
    if (host.snap.state.wizardData.photosSignature.photos.length >= MAX_PHOTOS) {
      throw new PhotoError(`A check can hold up to ${MAX_PHOTOS} photos`);
    }
    const blob = await host.deps.compress(file);
    const id = host.uuid();
    await this.keepFile(id, 'photo', blob);
    // A camera file's time is when it was taken; a blob without one is stamped now.
    const taken = file instanceof File && file.lastModified > 0 ? file.lastModified : host.now();
    const photo: Photo = {
      id,
      url: fileUrlFor(id),
      label: label.slice(0, 120),
      takenAt: new Date(taken).toISOString(),
      ...(await this.keepOriginal(file)),
    };
    host.update((d) => {
      d.photosSignature.photos.push(photo);
    });
    host.engine.kick();
    return photo;
  };

  /**
   * On a site that keeps originals (decision 175), the camera file itself is kept and uploaded too, when it
   * is a JPEG or WebP within the server's limit; otherwise the photo goes without it, as on any site.
   */
  private async keepOriginal(file: File | Blob): Promise<{ originalId?: string }> {
    if (!this.host.snap.state.keepOriginals) return {};
    if (!['image/jpeg', 'image/webp'].includes(file.type) || file.size > UPLOAD_LIMITS.original.maxBytes) return {};
    const originalId = this.host.uuid();
    await this.keepFile(originalId, 'original', file);
    return { originalId };
  }

  removePhoto = (id: string): void => {
    const { host } = this;
    const original = host.snap.state.wizardData.photosSignature.photos.find((p) => p.id === id)?.originalId;
    if (original) host.tasks.own('removing a photo', this.dropFile(original));
    host.update((d) => {
      d.photosSignature.photos = d.photosSignature.photos.filter((p) => p.id !== id);
    });
    host.tasks.own('removing a photo', this.dropFile(id));
  };

  relabelPhoto = (id: string, label: string): void => {
    this.host.update((d) => {
      const photo = d.photosSignature.photos.find((p) => p.id === id);
      if (photo) photo.label = label.slice(0, 120);
    });
  };

  /** A new signature drawing (PNG) replaces the old one; null clears it. */
  setSignature = async (png: Blob | null): Promise<void> => {
    const { host } = this;
    const old = host.snap.state.wizardData.photosSignature.signature;
    if (png) {
      const id = host.uuid();
      const blob = png.type === 'image/png' ? png : new Blob([png], { type: 'image/png' });
      await this.keepFile(id, 'signature', blob);
      host.update((d) => {
        d.photosSignature.signature = fileUrlFor(id);
      });
      host.engine.kick();
    } else {
      host.update((d) => {
        d.photosSignature.signature = '';
      });
    }
    if (old) host.tasks.own('replacing the signature', this.dropFile(old.slice('/api/files/'.length)));
  };

  private async keepFile(id: string, kind: DeviceFile['kind'], blob: Blob) {
    const { host } = this;
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
      await host.engine.enqueue({ id: opId.uploadFile(id), kind: 'uploadFile', payload: { fileId: id, kind } });
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

  /** A photo taken out of the check: its upload is called off if it has not gone yet. */
  private async dropFile(id: string) {
    try {
      const cancelled = await this.host.engine.cancel(opId.uploadFile(id));
      if (cancelled) await this.host.deps.store.deleteFile(id);
    } catch {
      // left for the next clean-up
    }
  }

  /** The blob of a photo or signature kept on this device, if it is here. */
  fileBlob = async (id: string): Promise<Blob | undefined> => {
    try {
      return (await this.host.deps.store.getFile(id))?.blob;
    } catch {
      return undefined;
    }
  };

  /**
   * Frees device space: removes the user's blobs that nothing refers to any more (not the check, not a
   * queued draft, upload or report). A file is never removed before the server has it unless the
   * engineer took it out of the check.
   */
  collectFiles = async (): Promise<void> => {
    const { host } = this;
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
  };
}
