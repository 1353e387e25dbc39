import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { CreateReportBody, SaveDraftBody, WizardData } from '@hiu/domain';
import { ApiError } from '../../../lib/api-client';
import { openDeviceStore, type DeviceStore } from './device-store';
import { FakeServer, flushIo, MemoryStorage, PROPERTY, SITE, USER } from './test-helpers';
import type { Transport } from './transport';
import { WizardController } from './wizard-controller';
import { hasWizardData } from './wizard-state';

/*
 * Random runs of a working day on one phone: readings typed, photos taken, drafts saved, reports submitted,
 * reloads (a new controller over the same device store), the connection dropping and coming back, and the
 * server failing (5xx, answers that never come, before or after it stored the write). Whatever the order,
 * once the connection and the server are back every reading is on the server exactly where it belongs, no
 * report is stored twice, and each check's writes reached the server in the order they were made.
 */

const FIELDS = ['hiuSerial', 'hiuModel', 'meterStart'] as const;
type Field = (typeof FIELDS)[number];
type Fault = '500' | '503' | 'timeout-before' | 'timeout-after';

type Action =
  | { type: 'edit'; field: Field }
  | { type: 'photo' }
  | { type: 'notes' }
  | { type: 'save' }
  | { type: 'submit' }
  | { type: 'start' }
  | { type: 'reload' }
  | { type: 'offline' }
  | { type: 'online' }
  | { type: 'fault'; fault: Fault; count: number }
  | { type: 'wait'; seconds: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('edit' as const), field: fc.constantFrom(...FIELDS) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'photo' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'notes' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'save' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'submit' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'start' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'reload' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'offline' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'online' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('fault' as const),
      fault: fc.constantFrom<Fault>('500', '503', 'timeout-before', 'timeout-after'),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('wait' as const), seconds: fc.constantFrom(5, 31, 65) }) },
);

/** One write as the server saw it, in arrival order. */
type Write =
  | { kind: 'draft'; draftId: string; version: number; stored: boolean }
  | { kind: 'report'; id: string; draftId?: string; stored: boolean; inserted: boolean }
  | { kind: 'delete-draft'; draftId: string; stored: boolean }
  | { kind: 'upload'; fileId: string; stored: boolean };

/** The fake API behind a connection that drops and a server that fails as told, logging every write. */
class FlakyServer implements Transport {
  readonly faults: Fault[] = [];
  readonly writes: Write[] = [];
  /** Report bodies in the order the server first stored them. */
  readonly inserted: CreateReportBody[] = [];
  constructor(
    readonly api: FakeServer,
    private readonly connected: () => boolean,
  ) {}

  getJson<T>(path: string): Promise<T> {
    if (!this.connected()) return Promise.reject(new TypeError('Failed to fetch'));
    return this.api.getJson<T>(path);
  }

  postJson<T>(path: string, body: unknown): Promise<T> {
    const write: Write =
      path === '/api/reports'
        ? {
            kind: 'report',
            id: (body as CreateReportBody).id,
            draftId: (body as CreateReportBody).draftId,
            stored: false,
            inserted: false,
          }
        : {
            kind: 'draft',
            draftId: (body as SaveDraftBody & { id: string }).id,
            version: (body as SaveDraftBody).version ?? 0,
            stored: false,
          };
    return this.write(write, async () => {
      const had = this.api.reports.has((body as CreateReportBody).id);
      const answer = await this.api.postJson<T>(path, body);
      if (write.kind === 'report' && !had) {
        write.inserted = true;
        this.inserted.push(structuredClone(body as CreateReportBody));
      }
      return answer;
    });
  }

  delete(path: string): Promise<void> {
    const draftId = path.split('/').pop()!;
    return this.write({ kind: 'delete-draft', draftId, stored: false }, () => this.api.delete(path));
  }

  putBlob(path: string, blob: Blob): Promise<void> {
    const fileId = path.split('/')[3]!.split('?')[0]!;
    return this.write({ kind: 'upload', fileId, stored: false }, () => this.api.putBlob(path, blob));
  }

  private async write<T>(write: Write, send: () => Promise<T>): Promise<T> {
    if (!this.connected()) throw new TypeError('Failed to fetch');
    const fault = this.faults.shift();
    if (fault === '500' || fault === '503') {
      const status = Number(fault);
      const body = { error: { code: 'internal', message: 'Something went wrong on the server' } };
      throw new ApiError(status, JSON.stringify(body), body as never);
    }
    const timeout = () => new DOMException('The operation timed out.', 'TimeoutError');
    if (fault === 'timeout-before') throw timeout();
    this.writes.push(write);
    const answer = await send();
    write.stored = true;
    // The server stored it, but the answer never came back.
    if (fault === 'timeout-after') throw timeout();
    return answer;
  }
}

/** What the engineer did to one check, as the test remembers it. */
interface CheckModel {
  startTime: string;
  readings: Partial<Record<Field, string>>;
  photos: string[];
  notes: string;
  /** editing: on the phone (and in drafts); submitted: Submit was pressed and nothing changed after. */
  status: 'editing' | 'submitted';
}

let dbName: string;
let store: DeviceStore;
const stores: DeviceStore[] = [];
let storage: MemoryStorage;
let online: boolean;
let flaky: FlakyServer;
let controllers: WizardController[];
let backgroundErrors: string[];

function fakeWindow(): Window {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return Object.assign(new EventTarget(), { document }) as unknown as Window;
}

async function open(win: Window): Promise<WizardController> {
  const c = new WizardController({
    store,
    storage,
    transport: flaky,
    notify: { success: () => undefined, error: () => undefined, info: () => undefined },
    isOnline: () => online,
    compress: async (file) => new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }),
    random: () => 0.5,
    onBackgroundError: (error, what) => backgroundErrors.push(`${what}: ${String(error)}`),
  });
  controllers.push(c);
  c.attach(win);
  c.setUser(USER);
  await flushIo();
  await c.settled();
  return c;
}

/** Lets what the last action started finish: device writes, clean-ups and the sync loop's current round. */
async function quiet(c: WizardController) {
  for (let i = 0; i < 3; i++) {
    await c.settled();
    await (await c.syncEngine()).drain();
    await flushIo(5);
  }
}

function readingsOf(data: WizardData) {
  return {
    readings: Object.fromEntries(FIELDS.filter((f) => data[f] !== '').map((f) => [f, data[f]])),
    photos: data.photosSignature.photos.map((p) => p.id),
  };
}

function expectHolds(data: WizardData, check: CheckModel, where: string) {
  expect(readingsOf(data), where).toEqual({ readings: check.readings, photos: check.photos });
}

async function day(actions: Action[]): Promise<void> {
  vi.setSystemTime(new Date('2026-06-01T09:00:00.000Z'));
  dbName = `prop-${crypto.randomUUID()}`;
  store = await openDeviceStore(dbName);
  stores.push(store);
  storage = new MemoryStorage();
  online = true;
  const api = new FakeServer();
  flaky = new FlakyServer(api, () => online);
  const win = fakeWindow();
  let c = await open(win);
  const checks: CheckModel[] = [];
  let current: CheckModel | undefined;
  let counter = 0;

  const startCheck = async () => {
    // A new check is known by its start time: a second apart at least.
    await vi.advanceTimersByTimeAsync(1000);
    await c.start({ siteId: SITE.id, propertyId: PROPERTY.id, site: SITE, property: PROPERTY });
    current = { startTime: c.state.wizardData.startTime, readings: {}, photos: [], notes: '', status: 'editing' };
    checks.push(current);
  };
  /** The check on screen can be changed (not sent, not reset). */
  const editable = () =>
    current !== undefined &&
    c.state.flowStatus === 'active' &&
    hasWizardData(c.state.wizardData) &&
    c.state.submission?.status !== 'sent';

  await startCheck();
  for (const a of actions) {
    switch (a.type) {
      case 'edit':
        if (!editable()) break;
        {
          const value = String(100 + ++counter);
          c.update((d) => void (d[a.field] = value));
          current!.readings[a.field] = value;
          current!.status = 'editing';
        }
        break;
      case 'photo':
        if (!editable()) break;
        {
          const photo = await c.addPhoto(new Blob([`photo ${++counter}`], { type: 'image/jpeg' }));
          current!.photos.push(photo.id);
          current!.status = 'editing';
        }
        break;
      case 'notes':
        // As the review screen does: each keystroke is a change of the check.
        if (!editable()) break;
        {
          const notes = `notes ${++counter}`;
          c.setNotes(notes);
          current!.notes = notes;
          current!.status = 'editing';
        }
        break;
      case 'save':
        if (editable()) await c.saveDraft('Initial Checks');
        break;
      case 'submit':
        if (!editable()) break;
        {
          const result = await c.submit(c.state.notes);
          expect(result.status, 'a submit is sent or queued, never refused').not.toBe('rejected');
          current!.status = 'submitted';
        }
        break;
      case 'start':
        await startCheck();
        break;
      case 'reload':
        await quiet(c);
        await c.flush();
        c.dispose();
        // A fresh page opens the phone's database again.
        store = await openDeviceStore(dbName);
        stores.push(store);
        c = await open(win);
        if (current && c.state.wizardData.startTime === current.startTime) {
          expectHolds(c.state.wizardData, current, 'the check restored after a reload');
          expect(c.state.notes, 'the notes restored after a reload').toBe(current.notes);
        }
        break;
      case 'offline':
        online = false;
        win.dispatchEvent(new Event('offline'));
        break;
      case 'online':
        online = true;
        win.dispatchEvent(new Event('online'));
        break;
      case 'fault':
        for (let i = 0; i < a.count; i++) flaky.faults.push(a.fault);
        break;
      case 'wait':
        await vi.advanceTimersByTimeAsync(a.seconds * 1000);
        break;
    }
    await quiet(c);
    // Nothing is left half done: no restore or submit still running once its work has settled.
    expect(c.lifecycle).toMatchObject({ phase: 'ready', user: USER });
  }

  // The connection and the server are back: everything on the phone goes.
  online = true;
  flaky.faults.length = 0;
  win.dispatchEvent(new Event('online'));
  for (let i = 0; i < 10 && (await store.listOps()).length > 0; i++) {
    await c.syncNow();
    await vi.advanceTimersByTimeAsync(61_000);
    await quiet(c);
  }
  expect(await store.listOps(), 'the outbox is empty').toEqual([]);
  expect(backgroundErrors, 'no work failed unseen').toEqual([]);
  if (current && editable() && c.state.wizardData.startTime === current.startTime) {
    expectHolds(c.state.wizardData, current, 'the check on the phone');
    expect(c.state.notes, 'the notes on the phone').toBe(current.notes);
    if (current.status === 'editing') expect(await c.saveDraft('Initial Checks')).toBe('saved-server');
  }

  // Every reading is on the server: a submitted check's in its latest report, any other's in its draft.
  const drafts = [...api.drafts.values()];
  for (const check of checks) {
    const reports = flaky.inserted.filter((r) => r.wizardData.startTime === check.startTime);
    if (check.status === 'submitted') {
      const latest = reports.at(-1);
      expect(latest, `a report for the check started ${check.startTime}`).toBeDefined();
      expectHolds(latest!.wizardData as WizardData, check, 'the latest report');
      expect(latest!.notes).toBe(check.notes);
      for (const id of check.photos) expect(api.files.has(id), `photo ${id} on the server`).toBe(true);
    } else {
      const draft = drafts.find((d) => d.wizardData.startTime === check.startTime);
      expect(draft, `a draft for the check started ${check.startTime}`).toBeDefined();
      expectHolds(draft!.wizardData as WizardData, check, 'the draft');
    }
    // Nothing stored twice: a second report of one check comes only from a changed check (every edit here
    // changes a reading or the notes), never from submitting the same check again.
    const bodies = reports.map((r) => JSON.stringify([r.wizardData, r.notes]));
    expect(new Set(bodies).size, 'reports stored twice').toBe(bodies.length);
  }

  // Per check, the writes reached the server in the order they were made.
  const lastVersion = new Map<string, number>();
  const reportStored = new Set<string>();
  const draftDeleted = new Set<string>();
  for (const w of flaky.writes) {
    if (w.kind === 'draft') {
      expect(w.version, `draft ${w.draftId} saves in order`).toBeGreaterThanOrEqual(lastVersion.get(w.draftId) ?? 0);
      expect(draftDeleted.has(w.draftId), `draft ${w.draftId} saved after its removal`).toBe(false);
      lastVersion.set(w.draftId, w.version);
    }
    if (w.kind === 'report' && w.stored && w.draftId) reportStored.add(w.draftId);
    if (w.kind === 'delete-draft') {
      expect(reportStored.has(w.draftId), `draft ${w.draftId} removed before its report was stored`).toBe(true);
      if (w.stored) draftDeleted.add(w.draftId);
    }
  }
  for (const r of flaky.inserted) {
    for (const p of (r.wizardData as WizardData).photosSignature.photos) {
      expect(api.files.has(p.id), 'a report stored before its photo').toBe(true);
    }
  }
}

beforeAll(() => import('./wizard-state-schema'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  controllers = [];
  backgroundErrors = [];
});

afterEach(() => {
  for (const c of controllers) c.dispose();
  vi.useRealTimers();
});

describe('the outbox under any interleaving (property)', () => {
  it('never loses or duplicates a reading and keeps each check’s writes in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 40, size: 'max' }), async (actions) => {
        try {
          await day(actions);
        } finally {
          for (const c of controllers.splice(0)) c.dispose();
          for (const s of stores.splice(0)) s.close();
        }
      }),
      { numRuns: Number(process.env.OUTBOX_PROPERTY_RUNS ?? 200) },
    );
  }, 120_000);
});
