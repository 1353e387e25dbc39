import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEVICE_DB_NAME, openDeviceStore } from './device-store';
import { waitingToSend } from './kept-work';
import type { OutboxOp } from './outbox';

const op = (id: string, userId: string, seq: number, status: OutboxOp['status'] = 'pending') =>
  ({ id, userId, seq, status, kind: 'saveDraft', payload: {}, dependsOn: [] }) as unknown as OutboxOp;

describe('waitingToSend', () => {
  it("counts only this user's operations, refused ones included", async () => {
    const factory = new IDBFactory();
    globalThis.indexedDB = factory;
    const store = await openDeviceStore();
    await store.putOp(op('a', 'u1', 1));
    await store.putOp(op('b', 'u2', 2));
    await store.putOp(op('c', 'u1', 3, 'failed'));
    expect(await waitingToSend('u1', factory)).toBe(2);
    expect(await waitingToSend('u3', factory)).toBe(0);
    // The device store still works beside it (the reader closed its connection).
    await store.deleteOp('a');
    expect(await waitingToSend('u1', factory)).toBe(1);
    store.close();
  });

  it('is 0 on a phone with no store yet, and makes none (the device store then makes it whole)', async () => {
    const factory = new IDBFactory();
    expect(await waitingToSend('u1', factory)).toBe(0);
    expect((await factory.databases()).map((d) => d.name)).not.toContain(DEVICE_DB_NAME);
    globalThis.indexedDB = factory;
    const store = await openDeviceStore();
    await store.putOp(op('a', 'u1', 1));
    expect(await waitingToSend('u1', factory)).toBe(1);
    store.close();
  });

  it('is 0 when the phone refuses IndexedDB', async () => {
    const refusing = {
      open: () => {
        throw new Error('SecurityError');
      },
    } as unknown as IDBFactory;
    expect(await waitingToSend('u1', refusing)).toBe(0);
  });
});
