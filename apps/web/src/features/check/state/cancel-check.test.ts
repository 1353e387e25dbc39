import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDeviceStore, type DeviceStore } from './device-store';
import { FakeServer, flushIo, MemoryStorage, PROPERTY, SITE, USER } from './test-helpers';
import { WizardController } from './wizard-controller';

let store: DeviceStore;
let server: FakeServer;
let online: boolean;
let controllers: WizardController[];

async function started(): Promise<WizardController> {
  const c = new WizardController({
    store,
    storage: new MemoryStorage(),
    transport: server,
    notify: { success: () => {}, error: () => {}, info: () => {} },
    isOnline: () => online,
    compress: async (file) => new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }),
    random: () => 0.5,
  });
  controllers.push(c);
  c.setUser(USER);
  await flushIo();
  await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
  return c;
}

beforeAll(() => import('./wizard-state-schema'));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-06-01T09:00:00.000Z'));
  store = await openDeviceStore(`cancel-check-${Math.random()}`);
  server = new FakeServer();
  online = true;
  controllers = [];
});

afterEach(() => {
  for (const c of controllers) c.dispose();
  vi.useRealTimers();
});

describe('Cancel Check', () => {
  it('offline: the queued draft saves are taken back, and no draft reaches the server', async () => {
    const c = await started();
    online = false;
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    await c.saveDraft('Basic Information');
    expect(c.getOutboxSnapshot().items.map((i) => i.kind)).toContain('saveDraft');

    await c.cancelCheck();
    await c.settled();
    expect(c.getOutboxSnapshot().items.map((i) => i.kind)).not.toContain('saveDraft');

    online = true;
    await c.syncNow();
    expect([...server.drafts.values()]).toEqual([]);
    expect(c.getOutboxSnapshot().pending).toBe(0);
  });

  it('a draft the server already has is deleted once the signal is back', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    await c.saveDraft('Basic Information');
    await (await c.syncEngine()).drain({ force: true });
    expect(server.drafts.size).toBe(1);

    online = false;
    await c.cancelCheck();
    await c.settled();
    expect(server.drafts.size).toBe(1);
    online = true;
    await c.syncNow();
    expect(server.drafts.size).toBe(0);
  });
});
