import type { DeviceStore } from './device-store';

/**
 * A store whose database opens on first use, with its code (idb and device-store, one chunk): the first screen
 * draws before they have loaded, while the check is restored from the local cache. If it cannot open, the call
 * fails and says why; the next call tries again.
 */
export function lazyDeviceStore(
  open: () => Promise<DeviceStore> = async () => (await import('./device-store')).openDeviceStore(),
): DeviceStore {
  let opened: Promise<DeviceStore> | undefined;
  const db = () =>
    (opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));
  const call =
    <K extends keyof DeviceStore>(key: K) =>
    async (...args: Parameters<DeviceStore[K]>) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      ((await db())[key] as (...a: any[]) => any)(...args);
  return {
    loadWizard: call('loadWizard'),
    saveWizard: call('saveWizard'),
    clearWizard: call('clearWizard'),
    putFile: call('putFile'),
    getFile: call('getFile'),
    deleteFile: call('deleteFile'),
    markUploaded: call('markUploaded'),
    listFiles: call('listFiles'),
    listOps: call('listOps'),
    getOp: call('getOp'),
    putOp: call('putOp'),
    deleteOp: call('deleteOp'),
    replaceOps: call('replaceOps'),
    close: () => void opened?.then((s) => s.close()),
  };
}
