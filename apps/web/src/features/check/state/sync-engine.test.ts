import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyWizardData, fileUrlFor, type CreateReportBody, type WizardData } from '@hiu/domain';
import { openDeviceStore, type DeviceStore } from './device-store';
import { opId } from './op-id';
import { SyncEngine } from './sync-engine';
import { FakeServer, USER } from './test-helpers';

const ME = USER.id;
const OTHER = 'aaaaaaaa-0000-4000-8000-000000000002';
const REPORT = 'dddddddd-0000-4000-8000-000000000001';
const DRAFT = 'eeeeeeee-0000-4000-8000-000000000001';
const PHOTO_A = 'ffffffff-0000-4000-8000-00000000000a';
const PHOTO_B = 'ffffffff-0000-4000-8000-00000000000b';

let store: DeviceStore;
let server: FakeServer;
let online: boolean;
let clock: number;
let engine: SyncEngine;

beforeEach(async () => {
  store = await openDeviceStore(`test-${crypto.randomUUID()}`);
  server = new FakeServer();
  online = true;
  clock = 1_000_000;
  engine = new SyncEngine({ store, transport: server, isOnline: () => online, now: () => clock, random: () => 0.5 });
  engine.setUser(ME);
});
afterEach(() => engine.stop());

function withPhotos(ids: string[]): WizardData {
  const d = emptyWizardData();
  d.address = '1 High Street';
  d.photosSignature.photos = ids.map((id) => ({ id, url: fileUrlFor(id), label: '' }));
  return d;
}

async function keepPhoto(id: string) {
  await store.putFile({
    id,
    userId: ME,
    kind: 'photo',
    blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
    createdAt: '',
    uploaded: false,
  });
}

function report(data: WizardData, id = REPORT): CreateReportBody {
  return { id, wizardData: data, notes: '', failedStep: null, completedAt: '2026-06-01T10:00:00.000Z' };
}

/** Queues a report the way submit does: photos first, the report after them, then the draft's removal. */
async function queueReport(photos: string[]) {
  for (const id of photos) {
    await keepPhoto(id);
    await engine.enqueue({ id: opId.uploadFile(id), kind: 'uploadFile', payload: { fileId: id, kind: 'photo' } });
  }
  await engine.enqueue({
    id: opId.submitReport(REPORT),
    kind: 'submitReport',
    payload: report(withPhotos(photos)),
    dependsOn: photos.map(opId.uploadFile),
  });
  await engine.enqueue({
    id: opId.deleteDraft(DRAFT),
    kind: 'deleteDraft',
    payload: { draftId: DRAFT },
    dependsOn: [opId.submitReport(REPORT)],
  });
}

describe('a draft save older than the server copy (decision 120)', () => {
  const atStep7 = () => {
    const d = emptyWizardData();
    d.meterStart = '100.5';
    d.heatingMode.primaryFlow = '65';
    d.photosSignature.meterEnd = '101.25';
    return d;
  };

  it('merges the server copy with the refused one and sends the merge above both; no reading is lost', async () => {
    server.drafts.set(DRAFT, { id: DRAFT, currentStep: 'Photos & Signature', wizardData: atStep7(), version: 7 });
    const late = emptyWizardData();
    late.meterStart = '100.5';
    late.initialChecks.systemPressure = '1.4';
    await engine.enqueueDraftSave({ id: DRAFT, currentStep: 'Initial Checks', wizardData: late, version: 2 });
    const outcomes: string[] = [];
    engine.onOutcome((o) => outcomes.push(o.result));
    await engine.drain();

    expect(outcomes).toEqual(['merged', 'sent']);
    expect(server.calls).toEqual(['POST /api/drafts', 'POST /api/drafts']);
    const stored = server.drafts.get(DRAFT)!;
    expect(stored).toMatchObject({ currentStep: 'Photos & Signature', version: 8 });
    expect(stored.wizardData).toMatchObject({
      meterStart: '100.5',
      initialChecks: { systemPressure: '1.4' },
      heatingMode: { primaryFlow: '65' },
      photosSignature: { meterEnd: '101.25' },
    });
    expect(await store.listOps()).toEqual([]);
  });

  it('keeps a refused save that is not a draft conflict as refused', async () => {
    server.drafts.set(DRAFT, { id: DRAFT, currentStep: 'Initial Checks', wizardData: atStep7(), version: 3 });
    server.failNext.push({ match: 'POST /api/drafts', failure: 422 });
    await engine.enqueueDraftSave({ id: DRAFT, currentStep: 'Initial Checks', wizardData: atStep7(), version: 4 });
    await engine.drain();
    expect((await store.listOps())[0]).toMatchObject({ status: 'failed', lastStatus: 422 });
  });
});

describe('draining the outbox', () => {
  it('sends photos before the report that lists them, then removes the draft, and empties the outbox', async () => {
    server.drafts.set(DRAFT, { id: DRAFT, currentStep: 'Review & Submit', wizardData: emptyWizardData() });
    await queueReport([PHOTO_A, PHOTO_B]);
    await engine.drain();
    expect(server.calls).toEqual([
      `PUT /api/files/${PHOTO_A}?kind=photo`,
      `PUT /api/files/${PHOTO_B}?kind=photo`,
      'POST /api/reports',
      `DELETE /api/drafts/${DRAFT}`,
    ]);
    expect(server.reports.size).toBe(1);
    expect(server.drafts.has(DRAFT)).toBe(false);
    expect(await store.listOps()).toEqual([]);
    expect((await store.getFile(PHOTO_A))?.uploaded).toBe(true);
  });

  it('sends nothing while offline and everything, in order, once back online', async () => {
    online = false;
    await queueReport([PHOTO_A]);
    await engine.drain();
    expect(server.calls).toEqual([]);
    expect(await store.listOps()).toHaveLength(3);
    online = true;
    await engine.drain({ force: true });
    expect(server.calls).toEqual([
      `PUT /api/files/${PHOTO_A}?kind=photo`,
      'POST /api/reports',
      `DELETE /api/drafts/${DRAFT}`,
    ]);
    expect(server.reports.size).toBe(1);
  });

  it('backs off after a server error, lets nothing overtake, and sends once the wait is over', async () => {
    server.failNext.push({ match: 'PUT', failure: 500 });
    await queueReport([PHOTO_A]);
    await engine.drain();
    const [upload, rep] = await store.listOps();
    expect(upload).toMatchObject({
      kind: 'uploadFile',
      attempts: 1,
      nextAttemptAt: clock + 1_000,
      lastError: 'Something went wrong on the server',
    });
    expect(rep).toMatchObject({ kind: 'submitReport', attempts: 0 });
    expect(server.calls).toEqual([`PUT /api/files/${PHOTO_A}?kind=photo`]);

    clock += 999;
    await engine.drain();
    expect(server.calls).toHaveLength(1);
    clock += 1;
    await engine.drain();
    expect(server.reports.size).toBe(1);
    expect(await store.listOps()).toEqual([]);
  });

  it('a forced send asked for during a try does not repeat that try at once when it fails', async () => {
    await engine.enqueue({ id: opId.deleteDraft(DRAFT), kind: 'deleteDraft', payload: { draftId: DRAFT } });
    const realDelete = server.delete.bind(server);
    server.delete = async (path: string) => {
      void engine.drain({ force: true });
      server.delete = realDelete;
      server.calls.push(`DELETE ${path}`);
      throw new TypeError('Failed to fetch');
    };
    await engine.drain();
    expect(server.calls).toEqual([`DELETE /api/drafts/${DRAFT}`]);
    expect((await store.listOps())[0]).toMatchObject({ attempts: 1, lastError: 'No connection to the server' });
  });

  it('the connection coming back sends at once what was waiting to retry', async () => {
    server.failNext.push({ match: 'POST /api/drafts', failure: 'offline' });
    await engine.enqueueDraftSave({ id: DRAFT, currentStep: 'Initial Checks', wizardData: emptyWizardData() });
    await engine.drain();
    expect((await store.listOps())[0]!.nextAttemptAt).toBe(clock + 1_000);
    clock += 10;
    await engine.drain();
    expect(server.drafts.size).toBe(0);
    await engine.drain({ force: true });
    expect(server.drafts.size).toBe(1);
  });

  it('doubles the wait with each failure up to a minute', async () => {
    server.down = 503;
    await engine.enqueue({ id: opId.deleteDraft(DRAFT), kind: 'deleteDraft', payload: { draftId: DRAFT } });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      clock += 1;
      await engine.drain({ force: true });
      const op = (await store.getOp(opId.deleteDraft(DRAFT)))!;
      waits.push(op.nextAttemptAt - clock);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('keeps a report the server refuses for good, shows why, does not retry it, and holds back its draft removal', async () => {
    server.failNext.push({ match: 'POST /api/reports', failure: 422 });
    await queueReport([]);
    await engine.drain();
    await engine.drain({ force: true });
    const ops = await store.listOps();
    expect(ops.map((o) => [o.kind, o.status])).toEqual([
      ['submitReport', 'failed'],
      ['deleteDraft', 'failed'],
    ]);
    expect(ops[0]!.lastError).toBe('Must be a number');
    expect(ops[1]!.lastError).toMatch(/^Waiting for a report the server refused/);
    expect(server.calls.filter((c) => c === 'POST /api/reports')).toHaveLength(1);

    // Asked to, it tries again (with what depended on it).
    await engine.retry();
    expect(server.reports.size).toBe(1);
    expect(await store.listOps()).toEqual([]);
  });

  it('uploads again the photos a 409 names, then the report goes, stored once', async () => {
    await keepPhoto(PHOTO_A);
    // The report was queued believing the photo was on the server already.
    await store.markUploaded(PHOTO_A, true);
    await engine.enqueue({
      id: opId.submitReport(REPORT),
      kind: 'submitReport',
      payload: report(withPhotos([PHOTO_A])),
    });
    await engine.drain();
    expect(server.calls).toEqual(['POST /api/reports', `PUT /api/files/${PHOTO_A}?kind=photo`, 'POST /api/reports']);
    expect(server.reports.size).toBe(1);
    expect(await store.listOps()).toEqual([]);
  });

  it('fails a report whose missing photos are on neither side, with the reason', async () => {
    await engine.enqueue({
      id: opId.submitReport(REPORT),
      kind: 'submitReport',
      payload: report(withPhotos([PHOTO_A])),
    });
    await engine.drain();
    const [op] = await store.listOps();
    expect(op).toMatchObject({ status: 'failed', lastError: '1 photo(s) are on neither this device nor the server' });
  });

  it('treats a repeated report (200) and a draft already gone (404) as done', async () => {
    server.reports.set(REPORT, report(withPhotos([])));
    await queueReport([]);
    await engine.drain();
    expect(server.reports.size).toBe(1);
    expect(await store.listOps()).toEqual([]);
  });

  it('retries a 401 (signed out) instead of giving up on it', async () => {
    server.failNext.push({ match: 'POST /api/drafts', failure: 401 });
    await engine.enqueueDraftSave({ id: DRAFT, currentStep: 'Initial Checks', wizardData: emptyWizardData() });
    await engine.drain();
    expect((await store.listOps())[0]).toMatchObject({ status: 'pending', lastError: 'Sign in again to send this' });
    clock += 1;
    await engine.drain({ force: true });
    expect(server.drafts.has(DRAFT)).toBe(true);
  });
});

describe('what goes into the outbox', () => {
  it('keeps only the latest unsent save of a draft', async () => {
    online = false;
    for (const step of ['Initial Checks', 'Standby Mode', 'Tertiary System Checks']) {
      await engine.enqueueDraftSave({ id: DRAFT, currentStep: step, wizardData: emptyWizardData() });
    }
    expect(await store.listOps()).toHaveLength(1);
    online = true;
    await engine.drain({ force: true });
    expect(server.calls).toEqual(['POST /api/drafts']);
    expect(server.drafts.get(DRAFT)?.currentStep).toBe('Tertiary System Checks');
  });

  it('queues the same report id once, with the latest data', async () => {
    online = false;
    await engine.enqueue({
      id: opId.submitReport(REPORT),
      kind: 'submitReport',
      payload: { ...report(withPhotos([])), notes: 'first' },
    });
    await engine.enqueue({
      id: opId.submitReport(REPORT),
      kind: 'submitReport',
      payload: { ...report(withPhotos([])), notes: 'second' },
    });
    const ops = await store.listOps();
    expect(ops).toHaveLength(1);
    expect(ops[0]!.payload).toMatchObject({ notes: 'second' });
  });

  it("never sends another user's work, and sends it when they sign in again", async () => {
    online = false;
    await engine.enqueueDraftSave({ id: DRAFT, currentStep: 'Initial Checks', wizardData: emptyWizardData() });
    engine.setUser(OTHER);
    online = true;
    await engine.drain({ force: true });
    expect(server.calls).toEqual([]);
    engine.setUser(ME);
    await engine.drain({ force: true });
    expect(server.calls).toEqual(['POST /api/drafts']);
  });

  it('takes back an upload that has not gone yet', async () => {
    online = false;
    await keepPhoto(PHOTO_A);
    await engine.enqueue({
      id: opId.uploadFile(PHOTO_A),
      kind: 'uploadFile',
      payload: { fileId: PHOTO_A, kind: 'photo' },
    });
    expect(await engine.cancel(opId.uploadFile(PHOTO_A))).toBe(true);
    expect(await store.listOps()).toEqual([]);
  });

  it('tells listeners what is waiting', async () => {
    online = false;
    const seen: number[] = [];
    engine.onOps((ops) => seen.push(ops.length));
    await engine.enqueueDraftSave({ id: DRAFT, currentStep: 'Initial Checks', wizardData: emptyWizardData() });
    expect(seen.at(-1)).toBe(1);
    expect(engine.snapshot()[0]).toMatchObject({ kind: 'saveDraft', userId: ME, attempts: 0, status: 'pending' });
  });
});
