import type { Photo } from '@hiu/domain';
import type { CheckHost } from './check-host';
import { onDemand } from './on-demand';
import { opId } from './op-id';
import { PhotoError } from './photo-error';

export const MAX_PHOTOS = 30;

/** Keeping a new photo or signature and freeing space (keep-files): fetched with the screens that take them. */
export const keepFiles = onDemand(() => import('./keep-files'));

/** The keeping code, or a message the screen shows when it could not be fetched. */
async function keepingCode(what: 'photo' | 'signature') {
  try {
    return await keepFiles();
  } catch {
    throw new PhotoError(
      `Part of the app could not be loaded, so the ${what} was not kept. Try again when you have signal.`,
    );
  }
}

/**
 * The check's photos and signature: kept on the device as blobs and queued for upload before the check
 * refers to them (keep-files), and freed once nothing refers to them any more.
 */
export class DeviceFiles {
  constructor(private readonly host: CheckHost) {}

  /** Reduces the photo on the device, keeps it in IndexedDB, queues its upload and adds it to the check. */
  addPhoto = async (file: File | Blob, label = ''): Promise<Photo> => {
    const { host } = this;
    if (host.snap.state.wizardData.photosSignature.photos.length >= MAX_PHOTOS) {
      throw new PhotoError(`A check can hold up to ${MAX_PHOTOS} photos`);
    }
    return (await keepingCode('photo')).addPhoto(host, file, label);
  };

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
      await (await keepingCode('signature')).keepSignature(host, png);
    } else {
      host.update((d) => {
        d.photosSignature.signature = '';
      });
    }
    if (old) host.tasks.own('replacing the signature', this.dropFile(old.slice('/api/files/'.length)));
  };

  /** A photo taken out of the check: its upload is called off if it has not gone yet. */
  private async dropFile(id: string) {
    try {
      const cancelled = await (await this.host.engine()).cancel(opId.uploadFile(id));
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
   * Frees device space: removes the user's blobs that nothing refers to any more (keep-files). Work for the
   * background (after a report is sent, a check reset): it can wait, so a failed fetch of its code skips it.
   */
  collectFiles = async (): Promise<void> => {
    const code = await keepFiles().catch(() => undefined);
    await code?.collectFiles(this.host);
  };
}
