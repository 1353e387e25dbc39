import { openDB } from 'idb';
import { DEVICE_DB_NAME, type DeviceDb } from './device-db';

/**
 * How many of this user's saves, photos and reports wait on this phone (refused ones included): what a
 * sign-out would leave unsent until the same user signs in again. Unknown (the store cannot be read) is 0.
 */
export async function outboxCount(userId: string): Promise<number> {
  try {
    // Opened at whatever version it has. No database yet means nothing waits, and none is made here: the
    // upgrade is aborted, so the device store later makes it whole, with its stores.
    const db = await openDB<DeviceDb>(DEVICE_DB_NAME, undefined, {
      upgrade(_db, _from, _to, tx) {
        tx.done.catch(() => undefined); // aborting is the point, not a failure to report
        tx.abort();
      },
    });
    try {
      return (await db.getAll('outbox')).filter((op) => op?.userId === userId).length;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}
