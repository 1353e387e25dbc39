import type { OutboxOp } from './outbox';

/** device-store.ts's database and store; read here without it, so the sign-out code stays small. */
const DEVICE_DB_NAME = 'hiu-commissioning';
const OUTBOX_STORE = 'outbox';

/**
 * How many of this user's saves, photos and reports wait on this phone (refused ones included): what a
 * sign-out would leave unsent until the same user signs in again. Unknown (the store cannot be read) is 0.
 */
export function waitingToSend(userId: string, factory: IDBFactory = indexedDB): Promise<number> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DEVICE_DB_NAME);
    } catch {
      return resolve(0);
    }
    // No database yet means nothing waits; none is made here (device-store makes it with its stores).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(0);
    request.onsuccess = () => {
      const db = request.result;
      const done = (n: number) => {
        db.close();
        resolve(n);
      };
      try {
        const all = db.transaction(OUTBOX_STORE).objectStore(OUTBOX_STORE).getAll();
        all.onsuccess = () => done((all.result as OutboxOp[]).filter((op) => op?.userId === userId).length);
        all.onerror = () => done(0);
      } catch {
        done(0);
      }
    };
  });
}
