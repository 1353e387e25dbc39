import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_DB_NAME } from './device-db';
import { openDeviceStore } from './device-store';
import { outboxCount } from './outbox-count';
import type { OutboxOp } from './outbox';

const op = (id: string, userId: string, seq: number, status: OutboxOp['status'] = 'pending') =>
  ({ id, userId, seq, status, kind: 'saveDraft', payload: {}, dependsOn: [] }) as unknown as OutboxOp;

const original = globalThis.indexedDB;
const phone = (factory: IDBFactory = new IDBFactory()) => (globalThis.indexedDB = factory);
afterEach(() => void (globalThis.indexedDB = original));

describe('outboxCount', () => {
  it("counts only this user's operations, refused ones included", async () => {
    phone();
    const store = await openDeviceStore();
    await store.putOp(op('a', 'u1', 1));
    await store.putOp(op('b', 'u2', 2));
    await store.putOp(op('c', 'u1', 3, 'failed'));
    expect(await outboxCount('u1')).toBe(2);
    expect(await outboxCount('u3')).toBe(0);
    // The device store still works beside it (the reader closed its connection).
    await store.deleteOp('a');
    expect(await outboxCount('u1')).toBe(1);
    store.close();
  });

  it('is 0 on a phone with no store yet, and makes none (the device store then makes it whole)', async () => {
    const factory = phone();
    expect(await outboxCount('u1')).toBe(0);
    expect((await factory.databases()).map((d) => d.name)).not.toContain(DEVICE_DB_NAME);
    const store = await openDeviceStore();
    await store.putOp(op('a', 'u1', 1));
    expect(await outboxCount('u1')).toBe(1);
    store.close();
  });

  it('does not stand in the way of a newer version of the database', async () => {
    const factory = phone();
    const store = await openDeviceStore();
    await store.putOp(op('a', 'u1', 1));
    store.close();
    expect(await outboxCount('u1')).toBe(1);
    // Its connection is closed once counted, so an upgrade is not blocked by it.
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DEVICE_DB_NAME, 2);
      request.onblocked = () => reject(new Error('blocked'));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    upgraded.close();
    expect(await outboxCount('u1')).toBe(1);
  });

  it('is 0 when the phone refuses IndexedDB', async () => {
    phone({
      open: () => {
        throw new Error('SecurityError');
      },
    } as unknown as IDBFactory);
    expect(await outboxCount('u1')).toBe(0);
  });
});
