import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyWizardData, type CreateReportBody } from '@hiu/domain';
import { openDeviceStore, type DeviceStore } from './device-store';
import { lazyDeviceStore } from './lazy-device-store';
import { WIZARD_CACHE_KEY } from './local-cache';
import {
  drawSignature,
  keepPendingSignature,
  PENDING_SIGNATURE_KEY,
  recoverPendingSignature,
} from '../lib/pending-signature';
import { inThreadChecks, type CopyChecks, type Schemas } from './schemas';
import { FakeServer, flushIo, MemoryStorage, PROPERTY, SITE, USER } from './test-helpers';
import { TOASTS, WizardController } from './wizard-controller';

let store: DeviceStore;
let dbName: string;
let server: FakeServer;
let storage: MemoryStorage;
let online: boolean;
let toasts: string[];
let controllers: WizardController[];

function make(
  deps: {
    schemas?: CopyChecks;
    fetchJson?: <T>(path: string) => Promise<T>;
    store?: DeviceStore;
    storage?: MemoryStorage;
  } = {},
): WizardController {
  const c = new WizardController({
    store,
    storage,
    ...deps,
    transport: server,
    notify: {
      success: (title) => toasts.push(title),
      error: (title) => toasts.push(title),
      info: (title) => toasts.push(title),
    },
    isOnline: () => online,
    compress: async (file) => new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }),
    random: () => 0.5,
  });
  controllers.push(c);
  return c;
}

/** A controller for the signed-in engineer, restored from the device as on page load. */
async function load(): Promise<WizardController> {
  const c = make();
  c.setUser(USER);
  await flushIo();
  return c;
}

/** The same phone after a reload or a closed-and-reopened tab: same storage, fresh page. */
async function reload(previous: WizardController): Promise<WizardController> {
  await previous.flush();
  previous.dispose();
  store = await openDeviceStore(dbName);
  return load();
}

async function started(): Promise<WizardController> {
  const c = await load();
  await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
  return c;
}

const photo = (text = 'photo-bytes') => new Blob([text], { type: 'image/heic' });

// The schemas module is compiled once up front, so a restore's check takes the few ticks it takes in a browser.
beforeAll(() => import('./wizard-state-schema'));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-06-01T09:00:00.000Z'));
  dbName = `test-${crypto.randomUUID()}`;
  store = await openDeviceStore(dbName);
  server = new FakeServer();
  storage = new MemoryStorage();
  online = true;
  toasts = [];
  controllers = [];
});

afterEach(() => {
  for (const c of controllers) c.dispose();
  vi.useRealTimers();
});

describe('starting a check', () => {
  it('fills site, address, dwelling type, engineer, start time and the rooms from the site design', async () => {
    const c = await started();
    const d = c.state.wizardData;
    expect(d).toMatchObject({
      siteId: SITE.id,
      propertyId: PROPERTY.id,
      siteName: 'Riverside',
      address: '1 High Street',
      dwellingType: '2b4p',
      engineerName: 'Eve Engineer',
      startTime: '2026-06-01T09:00:00.000Z',
    });
    expect(d.radiators.roomChecks).toEqual({
      Hall: { valveSetting: '', expectedValveSetting: '2.5' },
      Lounge: { valveSetting: '', expectedValveSetting: '3' },
    });
    expect(c.state).toMatchObject({
      flowStatus: 'active',
      currentStep: 'basic-info',
      siteDesign: SITE.designParameters,
    });
    expect(c.hasUnsavedWork()).toBe(true);
  });

  it('opened from a link, asks for the site and the property side by side', async () => {
    const answers: Record<string, unknown> = {
      [`/api/sites/${SITE.id}`]: SITE,
      [`/api/properties/${PROPERTY.id}`]: PROPERTY,
    };
    const asked: string[] = [];
    let bothAsked!: () => void;
    const answering = new Promise<void>((resolve) => (bothAsked = resolve));
    // Each answer waits until both questions are out: one after the other would never finish.
    const c = make({
      fetchJson: async <T>(path: string) => {
        asked.push(path);
        if (asked.length === 2) bothAsked();
        await answering;
        return answers[path] as T;
      },
    });
    c.setUser(USER);
    await flushIo();
    await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
    expect(c.state.wizardData).toMatchObject({ siteName: 'Riverside', address: '1 High Street' });
  });

  it('starts nothing when the engineer leaves before the answers arrive', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const c = make({
      fetchJson: async <T>(path: string) => {
        await held;
        return (path.includes('/sites/') ? SITE : PROPERTY) as T;
      },
    });
    c.setUser(USER);
    await flushIo();
    const leaving = new AbortController();
    const starting = c.start({ siteId: SITE.id, propertyId: PROPERTY.id, signal: leaving.signal });
    leaving.abort();
    answer();
    await starting;
    expect(c.state.wizardData.siteId).toBe('');
    expect(c.hasUnsavedWork()).toBe(false);
  });

  it('says the site could not be found when the server has no such site', async () => {
    const c = await load();
    await expect(c.start({ siteId: crypto.randomUUID(), propertyId: PROPERTY.id })).rejects.toThrow(
      "This flat's site could not be found. It may have been removed; ask your supervisor.",
    );
    expect(c.hasUnsavedWork()).toBe(false);
  });

  it('says at once what the phone has not downloaded when neither the server nor its kept copy answers', async () => {
    const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));
    const c = make({ fetchJson: noSignal });
    c.setUser(USER);
    await flushIo();
    await expect(c.start({ siteId: SITE.id, propertyId: PROPERTY.id })).rejects.toThrow(
      "This flat's site has not been downloaded to this phone yet. Start it when you have signal.",
    );
    const siteKept = make({
      fetchJson: async <T>(path: string) => (path.includes('/sites/') ? (SITE as T) : noSignal()),
    });
    siteKept.setUser(USER);
    await flushIo();
    await expect(siteKept.start({ siteId: SITE.id, propertyId: PROPERTY.id })).rejects.toThrow(
      'This flat has not been downloaded to this phone yet. Start it when you have signal.',
    );
    expect(siteKept.hasUnsavedWork()).toBe(false);
  });

  it('first queues unsaved work of another check as a draft, so switching loses nothing', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    online = false;
    await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
    expect(c.state.wizardData.hiuModel).toBe('');
    online = true;
    await (await c.syncEngine()).drain({ force: true });
    expect([...server.drafts.values()].map((d) => d.wizardData.hiuModel)).toEqual(['Vital 2']);
  });
});

describe('nothing typed is lost', () => {
  it('writes every change to hiu_wizard_cache at once, and a reload restores it', async () => {
    const c = await started();
    c.update((d) => void (d.meterStart = '12.5'));
    expect(JSON.parse(storage.getItem(WIZARD_CACHE_KEY)!).wizardData.meterStart).toBe('12.5');
    c.setCurrentStep('standby-mode');

    const again = make();
    again.setUser(USER);
    await flushIo();
    expect(again.state.wizardData.meterStart).toBe('12.5');
    expect(again.state.currentStep).toBe('standby-mode');
    expect(again.hasUnsavedWork()).toBe(true);
  });

  it('says a kept check is being read until it is restored, and only for its own engineer (home waits for it)', async () => {
    const c = await started();
    c.update((d) => void (d.meterStart = '12.5'));
    await c.flush();
    let arrive: (m: Schemas) => void = () => undefined;
    const again = make({ schemas: inThreadChecks(() => new Promise((resolve) => (arrive = resolve))) });
    expect(again.isReadingKeptCheck()).toBe(false); // nobody signed in yet
    again.setUser(USER);
    await flushIo();
    expect(again.isReadingKeptCheck()).toBe(true);
    arrive(await import('./wizard-state-schema'));
    await flushIo();
    expect(again.isReadingKeptCheck()).toBe(false);

    const other = make({ schemas: inThreadChecks(() => new Promise(() => undefined)) });
    other.setUser({ ...USER, id: 'another-engineer' });
    await flushIo();
    expect(other.getSnapshot().hydrated).toBe(false);
    expect(other.isReadingKeptCheck()).toBe(false);
  });

  it('on a fresh page, checks the local cache once the schemas have loaded, before saying it is restored', async () => {
    const c = await started();
    c.update((d) => void (d.meterStart = '12.5'));
    await c.flush();
    let arrive: (m: Schemas) => void = () => undefined;
    const again = make({ schemas: inThreadChecks(() => new Promise((resolve) => (arrive = resolve))) });
    again.setUser(USER);
    await flushIo();
    expect(again.getSnapshot().hydrated).toBe(false);
    expect(again.state.wizardData.meterStart).toBe('');
    arrive(await import('./wizard-state-schema'));
    await flushIo();
    expect(again.getSnapshot().hydrated).toBe(true);
    expect(again.state.wizardData.meterStart).toBe('12.5');
    expect(again.hasUnsavedWork()).toBe(true);
  });

  it('never fetches the schemas when nothing is stored on the phone', async () => {
    const loader = vi.fn(() => import('./wizard-state-schema'));
    const c = make({ schemas: inThreadChecks(loader) });
    c.setUser(USER);
    await flushIo();
    await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
    expect(c.getSnapshot().hydrated).toBe(true);
    expect(c.state.wizardData.address).toBe(PROPERTY.address);
    // Nor when a check is started afresh and the phone's unused files are collected.
    c.reset();
    await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
    await flushIo();
    expect(loader).not.toHaveBeenCalled();
  });

  it('restores from IndexedDB when the local cache is gone (quota exceeded), and says storage is full', async () => {
    const c = await started();
    storage.full = true;
    c.update((d) => void (d.hiuSerial = 'SN-1'));
    expect(c.getSnapshot().storageWarning).toMatch(/local cache is full/);
    expect(storage.getItem(WIZARD_CACHE_KEY)).toBeNull();

    const again = await reload(c);
    expect(again.getSnapshot().hydrated).toBe(true);
    expect(again.state.wizardData.hiuSerial).toBe('SN-1');
  });

  it('when the phone refuses IndexedDB, says so, keeps the local cache and saves drafts straight to the server', async () => {
    store = lazyDeviceStore(() => Promise.reject(new DOMException('refused', 'InvalidStateError')));
    const c = await started();
    expect(c.getSnapshot().storageWarning).toMatch(/refused to store the check/);
    c.update((d) => void (d.hiuModel = 'Kept'));
    expect(JSON.parse(storage.getItem(WIZARD_CACHE_KEY)!).wizardData.hiuModel).toBe('Kept');
    expect(await c.saveDraft('Initial Checks')).toBe('saved-server');
    expect([...server.drafts.values()][0]!.wizardData.hiuModel).toBe('Kept');
    await expect(c.addPhoto(photo())).rejects.toThrow('This phone could not store the photo');
  });

  it('a tab left behind takes up what another tab of the app changed, so a change typed there keeps it', async () => {
    const first = await started();
    await first.settled();
    const second = await load();
    expect(second.state.wizardData.address).toBe(PROPERTY.address);

    vi.setSystemTime(new Date('2026-06-01T09:05:00.000Z'));
    first.update((d) => void (d.meterStart = '12.5'));
    await first.settled();
    // Hidden before it has caught up, the tab left behind does not write its older copy over the cache.
    await second.flush();
    expect(JSON.parse(storage.getItem(WIZARD_CACHE_KEY)!).wizardData.meterStart).toBe('12.5');
    second.catchUpSoon(0);
    await vi.advanceTimersByTimeAsync(0);
    await flushIo();
    expect(second.state.wizardData.meterStart).toBe('12.5');
    expect(toasts).toContain('Updated from another tab');

    vi.setSystemTime(new Date('2026-06-01T09:06:00.000Z'));
    second.update((d) => void (d.hiuSerial = 'SN-2'));
    await second.settled();
    const reopened = await load();
    expect(reopened.state.wizardData).toMatchObject({ meterStart: '12.5', hiuSerial: 'SN-2' });
  });

  it('a tab shown again reads back nothing when the device copy is its own (no schemas loaded)', async () => {
    const loader = vi.fn(() => import('./wizard-state-schema'));
    const c = make({ schemas: inThreadChecks(loader) });
    c.setUser(USER);
    await flushIo();
    await c.start({ siteId: SITE.id, propertyId: PROPERTY.id });
    c.update((d) => void (d.hiuModel = 'Mine'));
    await c.settled();
    c.catchUpSoon(0);
    await vi.advanceTimersByTimeAsync(0);
    await flushIo();
    expect(loader).not.toHaveBeenCalled();
    expect(c.state.wizardData.hiuModel).toBe('Mine');
  });

  it('says "Updated from another tab" once for a burst of changes there', async () => {
    const first = await started();
    await first.settled();
    const second = await load();
    const changeThere = async (at: string, model: string) => {
      vi.setSystemTime(new Date(at));
      first.update((d) => void (d.hiuModel = model));
      await first.settled();
      second.catchUpSoon(0);
      await vi.advanceTimersByTimeAsync(0);
      await flushIo();
      expect(second.state.wizardData.hiuModel).toBe(model);
    };
    await changeThere('2026-06-01T09:05:00.000Z', 'A');
    await changeThere('2026-06-01T09:05:02.000Z', 'B');
    expect(toasts.filter((t) => t === 'Updated from another tab')).toHaveLength(1);
    await changeThere('2026-06-01T09:05:08.000Z', 'C');
    expect(toasts.filter((t) => t === 'Updated from another tab')).toHaveLength(2);
  });

  it('a tab left behind lets go of a check another tab submitted or cancelled', async () => {
    const first = await started();
    await first.settled();
    const second = await load();
    vi.setSystemTime(new Date('2026-06-01T09:05:00.000Z'));
    first.reset();
    await first.settled();
    second.catchUpSoon(0);
    await vi.advanceTimersByTimeAsync(0);
    await flushIo();
    expect(second.state.wizardData.siteId).toBe('');
    expect(second.hasUnsavedWork()).toBe(false);
  });

  it('a tab keeps its own change when it is newer than the device copy', async () => {
    const first = await started();
    await first.settled();
    const second = await load();
    vi.setSystemTime(new Date('2026-06-01T09:05:00.000Z'));
    second.update((d) => void (d.hiuModel = 'Newer here'));
    await second.settled();
    vi.setSystemTime(new Date('2026-06-01T09:06:00.000Z'));
    first.catchUpSoon(0);
    await vi.advanceTimersByTimeAsync(0);
    await flushIo();
    expect(first.state.wizardData.hiuModel).toBe('Newer here');
    second.catchUpSoon(0);
    await vi.advanceTimersByTimeAsync(0);
    await flushIo();
    expect(second.state.wizardData.hiuModel).toBe('Newer here');
    expect(toasts.filter((t) => t === 'Updated from another tab')).toHaveLength(1);
  });

  it('counts what another engineer left on a shared phone, and sends none of it as this one', async () => {
    const c = await started();
    online = false;
    expect(await c.saveDraft('Initial Checks')).toBe('saved-local');
    const waiting = c.getOutboxSnapshot().pending;
    expect(waiting).toBeGreaterThan(0);
    online = true;
    c.setUser({ ...USER, id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Other' });
    await flushIo();
    await c.syncNow();
    expect(c.getOutboxSnapshot()).toMatchObject({ pending: 0, othersWaiting: waiting });
    expect(server.drafts.size).toBe(0);
    c.setUser(USER);
    await flushIo();
    expect(c.getOutboxSnapshot()).toMatchObject({ othersWaiting: 0 });
    await c.syncNow();
    expect(server.drafts.size).toBe(1);
  });

  it("keeps each engineer's check apart on a shared phone", async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Mine'));
    await c.settled();
    c.setUser({ ...USER, id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Other' });
    await flushIo();
    expect(c.state.wizardData.hiuModel).toBe('');
    c.setUser(USER);
    await flushIo();
    expect(c.state.wizardData.hiuModel).toBe('Mine');
  });
});

describe('which changes render at once', () => {
  /** Each change the screens hear of, with whether the controller said the user made it. */
  function heard(c: WizardController, changes: string[] = []) {
    c.subscribe(() => changes.push(`state ${c.isUrgent() ? 'urgent' : 'background'}`));
    c.saveStatus.subscribe(() => changes.push(`badge ${c.isUrgent() ? 'urgent' : 'background'}`));
    return changes;
  }

  it('marks what a screen changes as the user’s, while the call lasts', async () => {
    const c = await started();
    await c.settled();
    c.saveStatus.clear();
    const changes = heard(c);
    c.update((d) => void (d.hiuModel = 'A'));
    c.setNotes('Pump noisy');
    c.relabelPhoto('none', 'Label');
    expect(changes).toEqual(['state urgent', 'badge urgent', 'state urgent', 'state urgent']);
    expect(c.isUrgent()).toBe(false);
  });

  it('leaves timers, server answers, the restored copy and opening a step to the background', async () => {
    const c = await started();
    await c.settled();
    c.update((d) => void (d.hiuModel = 'A'));
    const changes = heard(c);
    // The autosave's timer, its draft id and the server's answer, then the badge going quiet.
    await vi.advanceTimersByTimeAsync(30_000);
    await flushIo();
    await vi.waitFor(() => expect(c.saveStatus.snapshot().saveStatus).toBe('saved-server'));
    await vi.advanceTimersByTimeAsync(5_000);
    await c.settled();

    const again = make();
    heard(again, changes);
    again.setUser(USER);
    await flushIo();
    await vi.waitFor(() => expect(again.getSnapshot().hydrated).toBe(true));
    again.setCurrentStep('initial-checks');
    expect(changes.length).toBeGreaterThan(5);
    expect(changes.filter((x) => x.endsWith(' urgent'))).toEqual([]);
  });
});

describe('save status and drafts', () => {
  it('shows saving on a change and autosaves 30 s after the last change, with the current step', async () => {
    const c = await started();
    c.setCurrentStep('initial-checks');
    c.update((d) => void (d.hiuModel = 'A'));
    expect(c.saveStatus.snapshot().saveStatus).toBe('saving');
    await vi.advanceTimersByTimeAsync(29_000);
    c.update((d) => void (d.hiuModel = 'AB'));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.calls.filter((x) => x === 'POST /api/drafts')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await flushIo();
    await vi.waitFor(() => expect(c.saveStatus.snapshot().saveStatus).toBe('saved-server'));
    const [draft] = [...server.drafts.values()];
    expect(draft).toMatchObject({ id: c.state.draftId, currentStep: 'Initial Checks', wizardData: { hiuModel: 'AB' } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.saveStatus.snapshot()).toEqual({ saveStatus: 'idle', badgeVisible: true, lingering: true });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(c.saveStatus.snapshot().badgeVisible).toBe(false);
  });

  it('saves to the cloud under one draft id however often it is saved', async () => {
    const c = await started();
    expect(await c.saveDraft('Initial Checks')).toBe('saved-server');
    c.update((d) => void (d.hiuSerial = 'S1'));
    expect(await c.saveDraft('Standby Mode')).toBe('saved-server');
    expect(server.drafts.size).toBe(1);
    expect(server.drafts.get(c.state.draftId!)).toMatchObject({
      currentStep: 'Standby Mode',
      siteId: SITE.id,
      propertyId: PROPERTY.id,
    });
  });

  it.each([
    ['offline', (): void => void (online = false), 'saved-local'],
    ['server error', (): void => void (server.down = 500), 'saved-local'],
    ['no answer at all', (): void => void (server.down = 'offline'), 'saved-local'],
  ] as const)(
    'falls back to saved-local when %s, and the save goes once the server is back',
    async (_what, breakIt, badge) => {
      const c = await started();
      breakIt();
      expect(await c.saveDraft('Initial Checks')).toBe('saved-local');
      expect(c.saveStatus.snapshot().saveStatus).toBe(badge);
      expect(server.drafts.size).toBe(0);
      online = true;
      server.down = undefined;
      vi.setSystemTime(Date.now() + 100);
      await c.syncNow();
      expect(server.drafts.size).toBe(1);
    },
  );

  it('shows "error" when the server refuses the draft for good (the data stays on the phone)', async () => {
    const c = await started();
    server.failNext.push({ match: 'POST /api/drafts', failure: 422 });
    expect(await c.saveDraft('Initial Checks')).toBe('saved-local');
    expect(c.saveStatus.snapshot().saveStatus).toBe('error');
    expect(c.state.wizardData.address).toBe('1 High Street');
  });

  it('shows saved-local on startup when the phone holds a check', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'X'));
    const again = await reload(c);
    expect(again.saveStatus.snapshot().saveStatus).toBe('saved-local');
  });

  it('resumes a draft at its step, and keeps the phone’s copy of the same draft', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Server copy'));
    await c.saveDraft('Heating Checks');
    const draftId = c.state.draftId!;
    c.reset();

    expect(await c.resumeDraft(draftId)).toBe('heating');
    expect(c.state).toMatchObject({ draftId, currentStep: 'heating', siteDesign: SITE.designParameters });
    expect(c.state.wizardData.hiuModel).toBe('Server copy');

    c.update((d) => void (d.hiuModel = 'Newer on the phone'));
    online = false;
    expect(await c.resumeDraft(draftId)).toBe('heating');
    expect(c.state.wizardData.hiuModel).toBe('Newer on the phone');

    expect(await c.resumeDraft(crypto.randomUUID())).toBeNull();
  });
});

describe("a parked check's notes", () => {
  it('go with its draft: resumed after another check was started, the notes are back', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    c.setNotes('Isolation valve stiff');
    await c.saveDraft('Review & Submit');
    const draftId = c.state.draftId!;
    expect(server.drafts.get(draftId)!.notes).toBe('Isolation valve stiff');

    c.reset(); // another check took its place on this phone
    expect(c.state.notes).toBe('');
    expect(await c.resumeDraft(draftId)).toBe('review');
    expect(c.state.notes).toBe('Isolation valve stiff');
  });
});

describe('one draft saved from two devices (decision 120)', () => {
  /** The same engineer's other phone: its own storage, the same server. */
  async function otherDevice(): Promise<WizardController> {
    const c = make({ store: await openDeviceStore(`test-${crypto.randomUUID()}`), storage: new MemoryStorage() });
    c.setUser(USER);
    await flushIo();
    return c;
  }

  it('a save behind the server copy is merged: both devices end with both sides’ readings', async () => {
    const phone = await started();
    phone.update((d) => {
      d.meterStart = '100.5';
      d.initialChecks.systemPressure = '1.2';
    });
    await phone.saveDraft('Initial Checks');
    const draftId = phone.state.draftId!;

    const tablet = await otherDevice();
    expect(await tablet.resumeDraft(draftId)).toBe('initial-checks');

    // The phone goes on to step 7; the tablet, behind it, records a step 2 reading.
    phone.update((d) => {
      d.heatingMode.primaryFlow = '65';
      d.photosSignature.meterEnd = '101.25';
    });
    await phone.saveDraft('Heating Checks');
    await phone.saveDraft('Photos & Signature');
    tablet.update((d) => void (d.initialChecks.systemPressure = '1.4'));
    expect(await tablet.saveDraft('Standby Mode')).toBe('saved-server');

    expect(toasts).toContain('Draft merged');
    expect(tablet.state.wizardData).toMatchObject({
      meterStart: '100.5',
      initialChecks: { systemPressure: '1.4' },
      heatingMode: { primaryFlow: '65' },
      photosSignature: { meterEnd: '101.25' },
    });
    const stored = server.drafts.get(draftId)!;
    expect(stored.currentStep).toBe('Photos & Signature');
    expect(stored.wizardData).toMatchObject({
      initialChecks: { systemPressure: '1.4' },
      photosSignature: { meterEnd: '101.25' },
    });

    // The phone's next save meets the tablet's merge and takes up its reading too: the pressure the tablet
    // corrected wins over the phone's older one, which the phone has not changed since.
    phone.update((d) => void (d.dhwChecks.cwsTemp = '11'));
    await phone.saveDraft('Photos & Signature');
    expect(phone.state.wizardData).toMatchObject({
      initialChecks: { systemPressure: '1.4' },
      dhwChecks: { cwsTemp: '11' },
      photosSignature: { meterEnd: '101.25' },
    });
    expect(server.drafts.get(draftId)!.wizardData).toMatchObject({
      initialChecks: { systemPressure: '1.4' },
      dhwChecks: { cwsTemp: '11' },
    });
  });

  it("notes written on one device are kept when the other's older save is merged", async () => {
    const phone = await started();
    phone.update((d) => void (d.meterStart = '100.5'));
    await phone.saveDraft('Initial Checks');
    const draftId = phone.state.draftId!;
    const tablet = await otherDevice();
    expect(await tablet.resumeDraft(draftId)).toBe('initial-checks');

    phone.setNotes('Pump noisy at full speed');
    await phone.saveDraft('Review & Submit');
    await phone.saveDraft('Review & Submit');
    tablet.update((d) => void (d.initialChecks.systemPressure = '1.4'));
    expect(await tablet.saveDraft('Standby Mode')).toBe('saved-server');

    expect(tablet.state.notes).toBe('Pump noisy at full speed');
    expect(server.drafts.get(draftId)).toMatchObject({
      notes: 'Pump noisy at full speed',
      wizardData: { initialChecks: { systemPressure: '1.4' } },
    });
  });
});

describe('submitting', () => {
  async function readyToSubmit() {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    await c.addPhoto(photo('one'), 'Meter');
    await c.setSignature(new Blob(['png'], { type: 'image/png' }));
    await c.saveDraft('Review & Submit');
    return c;
  }

  it('uploads the photos, posts the report under a client id, removes the draft, resets and says so', async () => {
    online = false;
    const c = await readyToSubmit();
    const draftId = c.state.draftId!;
    online = true;
    server.calls.length = 0;
    const result = await c.submit('All good');
    expect(result).toEqual({ status: 'sent', reportId: expect.any(String), draftRemoved: true });
    const reportAt = server.calls.indexOf('POST /api/reports');
    const uploads = server.calls.filter((x) => x.startsWith('PUT /api/files/'));
    expect(uploads).toHaveLength(2);
    expect(server.calls.slice(reportAt + 1)).toEqual([`DELETE /api/drafts/${draftId}`]);
    expect(server.calls.findIndex((x) => x.startsWith('PUT'))).toBeLessThan(reportAt);

    const [report] = [...server.reports.values()] as CreateReportBody[];
    expect(report).toMatchObject({
      id: result.reportId,
      notes: 'All good',
      failedStep: null,
      draftId,
      completedAt: '2026-06-01T09:00:00.000Z',
    });
    expect(report!.wizardData!.photosSignature!.photos).toHaveLength(1);
    expect(server.drafts.size).toBe(0);
    expect(toasts).toEqual([TOASTS.submitted[0]]);
    expect(c.state.wizardData).toEqual(emptyWizardData());
    expect(storage.getItem(WIZARD_CACHE_KEY)).toBeNull();
  });

  it('signed out at submit: says so without Submission Failed, keeps the report queued, and sends it later', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'POST /api/reports', failure: 401 });
    const result = await c.submit('Notes');
    expect(result).toMatchObject({
      status: 'queued',
      reason: 'signed-out',
      message: 'You were signed out. The report is kept on this phone and sent once you sign in again.',
    });
    expect(toasts).toEqual([]);
    expect(server.reports.size).toBe(0);
    // Signed in again: the next forced send (its try must be older than the force) takes it.
    vi.setSystemTime(Date.now() + 100);
    await (await c.syncEngine()).drain({ force: true });
    expect(server.reports.size).toBe(1);
  });

  it('on a server error says Submission Failed, keeps everything queued, and stores the report once on retry', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'POST /api/reports', failure: 500 });
    const first = await c.submit('Notes');
    expect(first).toMatchObject({
      status: 'queued',
      reason: 'server-error',
      message: 'Something went wrong on the server. The report is kept on this phone and sent automatically.',
    });
    expect(toasts).toEqual([TOASTS.submissionFailed[0]]);
    expect(c.state).toMatchObject({
      notes: 'Notes',
      submittedReportId: first.reportId,
      submission: { status: 'queued' },
    });
    expect(c.state.wizardData.hiuModel).toBe('Vital 2');

    // The engineer presses Submit again: same report id, stored once.
    const second = await c.submit('Notes');
    expect(second).toMatchObject({ status: 'sent', reportId: first.reportId });
    expect(server.reports.size).toBe(1);
  });

  it('a change after a failed submit takes the unsent report back, so only the changed one is stored', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'POST /api/reports', failure: 500 });
    const first = await c.submit('Notes');
    expect(first.status).toBe('queued');
    c.update((d) => void (d.hiuModel = 'Vital 3'));
    await flushIo();
    expect(c.getOutboxSnapshot().items.map((i) => i.kind)).not.toContain('submitReport');
    expect(c.hasUnsavedWork()).toBe(true);
    const second = await c.submit('Notes');
    expect(second.status).toBe('sent');
    expect(second.reportId).not.toBe(first.reportId);
    expect([...server.reports.values()].map((r) => r.wizardData.hiuModel)).toEqual(['Vital 3']);
  });

  it('a photo added after a failed submit never lets the draft’s removal go without its report', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'POST /api/reports', failure: 500 });
    expect((await c.submit('Notes')).status).toBe('queued');
    // Adding a photo takes the report back and starts the sync loop at once.
    await c.addPhoto(photo('two'), 'Valve');
    await c.settled();
    await (await c.syncEngine()).drain({ force: true });
    await flushIo();
    expect(server.calls).not.toContain(`DELETE /api/drafts/${c.state.draftId}`);
    expect(server.drafts.has(c.state.draftId!)).toBe(true);
  });

  it('sends a queued report by itself when the server is back, and tells the engineer', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'POST /api/reports', failure: 503 });
    const first = await c.submit('');
    expect(first.status).toBe('queued');
    await vi.advanceTimersByTimeAsync(1_500);
    await flushIo();
    await vi.waitFor(() => expect(server.reports.size).toBe(1));
    await vi.waitFor(() => expect(c.state.submission?.status).toBe('sent'));
    expect(toasts).toEqual([TOASTS.submissionFailed[0], TOASTS.submitted[0]]);
  });

  it('a queued report sent while a reopened page is still restoring its check is announced and stored once', async () => {
    const c = await readyToSubmit();
    online = false;
    expect((await c.submit('Sent on reopening')).status).toBe('queued');
    await c.flush();
    c.dispose();
    online = true;
    toasts.length = 0;
    // The reopened page: the outbox sends before the check is read back from the device.
    store = await openDeviceStore(dbName);
    let arrive: (m: Schemas) => void = () => undefined;
    const again = make({ schemas: inThreadChecks(() => new Promise((resolve) => (arrive = resolve))) });
    again.setUser(USER);
    await again.syncNow();
    expect(server.reports.size).toBe(1);
    arrive(await import('./wizard-state-schema'));
    await vi.waitFor(() => expect(again.getSnapshot().hydrated).toBe(true));
    await again.settled();
    expect(toasts).toEqual([TOASTS.submitted[0]]);
    expect(server.calls.filter((x) => x === 'POST /api/reports')).toHaveLength(1);
    expect(again.state.wizardData).toEqual(emptyWizardData());
  });

  it('offline: queues the report without an error toast; reset keeps it in the outbox until it is sent', async () => {
    const c = await readyToSubmit();
    online = false;
    const result = await c.submit('Offline notes');
    expect(result).toMatchObject({
      status: 'queued',
      reason: 'offline',
      message: 'No connection. The report is kept on this phone and sent when the connection returns.',
    });
    expect(toasts).toEqual([]);
    c.reset();
    await c.settled();
    expect(c.getOutboxSnapshot().items.map((i) => i.kind)).toEqual(['submitReport', 'deleteDraft']);

    // Reload while offline, then the connection returns.
    const again = await reload(c);
    expect(again.getOutboxSnapshot().pending).toBe(2);
    online = true;
    await again.syncNow();
    expect([...server.reports.values()].map((r) => r.notes)).toEqual(['Offline notes']);
    expect(again.getOutboxSnapshot().pending).toBe(0);
  });

  it('says Draft Not Removed when the draft cannot be deleted, and keeps trying to delete it', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'DELETE', failure: 500 });
    const result = await c.submit('');
    expect(result).toMatchObject({ status: 'sent', draftRemoved: false });
    expect(toasts).toEqual([TOASTS.submitted[0], TOASTS.draftNotRemoved[0]]);
    expect(c.getOutboxSnapshot().items.map((i) => i.kind)).toEqual(['deleteDraft']);
  });

  it('reports a refused report as rejected with the reason, and keeps it', async () => {
    const c = await readyToSubmit();
    server.failNext.push({ match: 'POST /api/reports', failure: 422 });
    const result = await c.submit('');
    expect(result).toMatchObject({ status: 'rejected', message: 'Must be a number' });
    expect(toasts).toEqual([TOASTS.submissionFailed[0]]);
    expect(c.getOutboxSnapshot()).toMatchObject({ failed: 2 });
    expect(c.state.wizardData.hiuModel).toBe('Vital 2');
  });
});

describe('the outbox screen', () => {
  async function refusedReport() {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    await c.addPhoto(photo('one'), 'Meter');
    await c.saveDraft('Review & Submit');
    server.failNext.push({ match: 'POST /api/reports', failure: 422 });
    await c.submit('');
    return c;
  }

  it('lists each waiting item with its property, attempts and the last error in plain words', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    server.down = 503;
    await c.saveDraft('Initial Checks');
    const [item] = c.getOutboxSnapshot().items;
    expect(item).toMatchObject({
      label: 'Draft save',
      property: PROPERTY.address,
      attempts: 1,
      status: 'pending',
      createdAt: '2026-06-01T09:00:00.000Z',
      problem: 'The server could not take it (error 503). The app tries again by itself.',
    });
  });

  it('lists what was sent, newest first, with the property, also after a reload', async () => {
    const c = await started();
    await c.addPhoto(photo('one'), 'Meter');
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    await c.saveDraft('Initial Checks');
    const sent = c.getOutboxSnapshot().sent;
    expect(sent.map((s) => [s.label, s.property])).toEqual([
      ['Draft save', PROPERTY.address],
      ['Photo upload', PROPERTY.address],
    ]);
    const again = await reload(c);
    expect(again.getOutboxSnapshot().sent).toHaveLength(2);
  });

  it('discards a refused report with what waits for it; the check can be corrected and sent again', async () => {
    const c = await refusedReport();
    const report = c.getOutboxSnapshot().items.find((i) => i.kind === 'submitReport')!;
    expect(report).toMatchObject({ status: 'failed', problem: 'The server refused it (error 422): Must be a number' });
    expect(report.dependents.map((d) => d.label)).toEqual(['Draft removal']);

    await c.discardOutboxItem(report.id);
    expect(c.getOutboxSnapshot().items).toEqual([]);
    expect(c.state.submittedReportId).toBeUndefined();
    expect(c.state.wizardData.hiuModel).toBe('Vital 2');
    // The photo is still in the check, so it stays on the phone.
    const photoId = c.state.wizardData.photosSignature.photos[0]!.id;
    expect(await c.fileBlob(photoId)).toBeDefined();

    const result = await c.submit('');
    expect(result.status).toBe('sent');
    expect(server.reports.size).toBe(1);
  });

  it('never discards an item that is still being retried', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    server.down = 500;
    await c.saveDraft('Initial Checks');
    const [item] = c.getOutboxSnapshot().items;
    await c.discardOutboxItem(item!.id);
    expect(c.getOutboxSnapshot().items).toHaveLength(1);
  });
});

describe('a full phone', () => {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('says the phone is out of space when IndexedDB refuses a write, keeps the value, and clears it once space is back', async () => {
    const c = await started();
    const saveWizard = store.saveWizard.bind(store);
    store.saveWizard = () => Promise.reject(quota());
    c.update((d) => void (d.hiuSerial = 'SN-FULL'));
    await c.settled();
    expect(c.getSnapshot().storageWarning).toMatch(/out of storage space/);
    expect(c.saveStatus.snapshot().saveStatus).toBe('error');
    // Kept in memory and in the local cache.
    expect(c.state.wizardData.hiuSerial).toBe('SN-FULL');
    expect(JSON.parse(storage.getItem(WIZARD_CACHE_KEY)!).wizardData.hiuSerial).toBe('SN-FULL');

    store.saveWizard = saveWizard;
    c.update((d) => void (d.hiuModel = 'After'));
    await c.settled();
    expect(c.getSnapshot().storageWarning).toBeUndefined();
    expect(((await store.loadWizard(USER.id)) as { wizardData: { hiuSerial: string } }).wizardData.hiuSerial).toBe(
      'SN-FULL',
    );
  });

  it('refuses a photo with a clear message when the phone is full, and the check keeps going', async () => {
    const c = await started();
    store.putFile = () => Promise.reject(quota());
    await expect(c.addPhoto(photo())).rejects.toThrow(
      'This phone is out of storage space, so the photo was not kept. Free some space and try again.',
    );
    expect(c.getSnapshot().storageWarning).toMatch(/out of storage space/);
    expect(c.state.wizardData.photosSignature.photos).toEqual([]);
  });

  it('a submit the phone cannot queue for want of space is answered, not lost', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    store.replaceOps = () => Promise.reject(quota());
    const result = await c.submit('');
    expect(result).toMatchObject({ status: 'rejected', message: expect.stringMatching(/out of storage space/) });
    expect(c.state.wizardData.hiuModel).toBe('Vital 2');
  });
});

describe('a page that goes in the middle of submitting', () => {
  it('a submit marked on the phone but never queued (the page went first) is queued and sent on the next start', async () => {
    const c = await started();
    c.update((d) => void (d.hiuModel = 'Vital 2'));
    await c.addPhoto(photo('one'), 'Meter');
    await c.saveDraft('Review & Submit');
    // What Submit writes first, synchronously: the report id and "queued". The page goes before the outbox write.
    const reportId = '99999999-0000-4000-8000-000000000001';
    const cached = JSON.parse(storage.getItem(WIZARD_CACHE_KEY)!);
    storage.setItem(
      WIZARD_CACHE_KEY,
      JSON.stringify({
        ...cached,
        notes: 'Done',
        submittedReportId: reportId,
        submission: { status: 'queued' },
        updatedAt: '2026-06-01T09:05:00.000Z',
      }),
    );
    c.dispose();
    store = await openDeviceStore(dbName);
    const again = await load();
    await vi.waitFor(() => expect(server.reports.has(reportId)).toBe(true));
    expect(server.reports.get(reportId)).toMatchObject({ notes: 'Done', failedStep: null });
    expect(server.reports.get(reportId)!.wizardData!.photosSignature!.photos).toHaveLength(1);
    await vi.waitFor(() => expect(toasts).toContain(TOASTS.submitted[0]));
    expect(again.state.wizardData).toEqual(emptyWizardData());
  });
});

describe('device failure (ruling 7)', () => {
  it('queues a FAIL report with the data so far, the step and the reasons, and ends the flow', async () => {
    const c = await started();
    c.update((d) => void (d.initialChecks.bypassClosed = false));
    await c.saveDraft('Initial Checks');
    const result = await c.fail(2, ['Bypass valve not closed']);
    expect(result.status).toBe('sent');
    expect(c.state).toMatchObject({
      flowStatus: 'failed',
      failedStep: 2,
      failureReasons: ['Bypass valve not closed'],
      submission: { status: 'sent' },
    });
    const [report] = [...server.reports.values()];
    expect(report).toMatchObject({
      id: result.reportId,
      failedStep: 2,
      wizardData: { initialChecks: { bypassClosed: false } },
    });
    expect(server.drafts.size).toBe(0);
    expect(c.hasUnsavedWork()).toBe(false);
    expect(toasts).toEqual([]);

    // The Failed page survives a reload.
    const again = await reload(c);
    expect(again.state).toMatchObject({
      flowStatus: 'failed',
      failedStep: 2,
      failureReasons: ['Bypass valve not closed'],
    });
  });

  it('offline: the failure is queued and the Failed page can say so', async () => {
    const c = await started();
    online = false;
    const result = await c.fail(3, ['Standby Flow Temperature out of range (50 °C, expected 45-48 °C)']);
    expect(result).toMatchObject({ status: 'queued', reason: 'offline' });
    expect(c.state.submission?.status).toBe('queued');
    online = true;
    await c.syncNow();
    expect([...server.reports.values()][0]).toMatchObject({ failedStep: 3 });
    expect(c.state.submission?.status).toBe('sent');
  });
});

describe('photos and signature', () => {
  it('keeps the photo blob on the phone, queues its upload and adds a /api/files reference', async () => {
    online = false;
    const c = await started();
    const p = await c.addPhoto(photo(), 'Meter');
    expect(p).toEqual({
      id: expect.any(String),
      url: `/api/files/${p.id}`,
      label: 'Meter',
      takenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(c.state.wizardData.photosSignature.photos).toEqual([p]);
    expect(await (await c.fileBlob(p.id))!.text()).toBe('photo-bytes');
    expect(c.getOutboxSnapshot().items.map((i) => i.label)).toEqual(['Photo upload']);
    expect(storage.getItem(WIZARD_CACHE_KEY)).not.toMatch(/data:/);
    c.relabelPhoto(p.id, 'Meter close-up');
    expect(c.state.wizardData.photosSignature.photos[0]!.label).toBe('Meter close-up');
  });

  it('removing a photo before it is sent calls off its upload and frees the space', async () => {
    online = false;
    const c = await started();
    const p = await c.addPhoto(photo());
    c.removePhoto(p.id);
    await flushIo();
    expect(c.state.wizardData.photosSignature.photos).toEqual([]);
    expect(c.getOutboxSnapshot().pending).toBe(0);
    expect(await c.fileBlob(p.id)).toBeUndefined();
  });

  it('a new signature replaces the old one; clearing it empties the field', async () => {
    online = false;
    const c = await started();
    await c.setSignature(new Blob(['first'], { type: 'image/png' }));
    const first = c.state.wizardData.photosSignature.signature;
    await c.setSignature(new Blob(['second']));
    await flushIo();
    const second = c.state.wizardData.photosSignature.signature;
    expect(second).toMatch(/^\/api\/files\//);
    expect(second).not.toBe(first);
    expect(await c.fileBlob(first.slice(11))).toBeUndefined();
    expect((await c.fileBlob(second.slice(11)))!.type).toBe('image/png');
    await c.setSignature(null);
    expect(c.state.wizardData.photosSignature.signature).toBe('');
  });

  it('a signature drawn in quick strokes ends as the last stroke, with one file kept for it', async () => {
    online = false;
    const c = await started();
    const url = (text: string) => `data:image/png;base64,${btoa(text)}`;
    void drawSignature(storage, USER.id, url('stroke one'), c.setSignature);
    await drawSignature(storage, USER.id, url('stroke two'), c.setSignature);
    await flushIo();
    const id = c.state.wizardData.photosSignature.signature.slice('/api/files/'.length);
    expect(await (await c.fileBlob(id))!.text()).toBe('stroke two');
    const signatures = (await store.listFiles()).filter((f) => f.kind === 'signature');
    expect(signatures.map((f) => f.id)).toEqual([id]);
    expect(storage.getItem(PENDING_SIGNATURE_KEY)).toBeNull();
  });

  it('a signature whose stroke ended just before the page went is stored on the next start', async () => {
    online = false;
    const c = await started();
    c.update((d) => void (d.photosSignature.meterEnd = '1240.2'));
    await c.flush();
    // The page went after the stroke was kept in the local cache, before its file reached IndexedDB.
    keepPendingSignature(storage, USER.id, `data:image/png;base64,${btoa('the signature')}`);
    const next = await reload(c);
    await next.settled();
    await recoverPendingSignature(storage, next.state, next.setSignature);
    await flushIo();
    const ref = next.state.wizardData.photosSignature.signature;
    expect(ref).toMatch(/^\/api\/files\//);
    expect(await (await next.fileBlob(ref.slice('/api/files/'.length)))!.text()).toBe('the signature');
    expect(next.state.wizardData.photosSignature.meterEnd).toBe('1240.2');
    expect(storage.getItem(PENDING_SIGNATURE_KEY)).toBeNull();
  });

  it('refuses a 31st photo with a message', async () => {
    online = false;
    const c = await started();
    c.update((d) => {
      d.photosSignature.photos = Array.from({ length: 30 }, () => {
        const id = crypto.randomUUID();
        return { id, url: `/api/files/${id}`, label: '' };
      });
    });
    await expect(c.addPhoto(photo())).rejects.toThrow('A check can hold up to 30 photos');
  });
});
