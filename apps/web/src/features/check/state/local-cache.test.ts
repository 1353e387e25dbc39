import { describe, expect, it } from 'vitest';
import { emptyWizardData, type WizardData } from '@hiu/domain';
import {
  acceptLocalCache,
  cacheHoldsNewer,
  peekLocalCache,
  UNREADABLE_CACHE_KEY,
  WIZARD_CACHE_KEY,
  writeLocalCache,
  type CacheStorage,
} from './local-cache';
import { MemoryStorage } from './test-helpers';
import { initialWizardState, type WizardState } from './wizard-state';
import { parseWizardState } from './wizard-state-schema';

/** Reads the cached state back as a reload does. */
function readLocalCache(storage: CacheStorage | null): WizardState | undefined {
  const copy = peekLocalCache(storage);
  return copy && acceptLocalCache(storage, copy, parseWizardState(copy.value));
}

const PHOTO = '11111111-1111-4111-8111-111111111111';
const SIG = '22222222-2222-4222-8222-222222222222';

function stateWith(data: Partial<WizardData>): WizardState {
  return { ...initialWizardState('u1'), wizardData: { ...emptyWizardData(), ...data } };
}

describe('the hiu_wizard_cache copy', () => {
  it('is written at once and read back whole', () => {
    const storage = new MemoryStorage();
    const state = stateWith({
      address: '1 High Street',
      photosSignature: {
        ...emptyWizardData().photosSignature,
        photos: [{ id: PHOTO, url: `/api/files/${PHOTO}`, label: 'Meter' }],
        signature: `/api/files/${SIG}`,
      },
    });
    expect(writeLocalCache(storage, state)).toBe('written');
    expect(storage.items.has(WIZARD_CACHE_KEY)).toBe(true);
    expect(readLocalCache(storage)).toEqual(state);
  });

  it('never holds image data: photos and signature are only file references', () => {
    const storage = new MemoryStorage();
    const state = stateWith({
      photosSignature: {
        ...emptyWizardData().photosSignature,
        photos: [
          { id: PHOTO, url: `/api/files/${PHOTO}`, label: 'Meter' },
          { id: SIG, url: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==', label: 'Inline' },
        ],
        signature: 'data:image/png;base64,iVBORw0KGgo=',
      },
    });
    writeLocalCache(storage, state);
    const raw = storage.items.get(WIZARD_CACHE_KEY)!;
    expect(raw).not.toMatch(/data:/);
    const back = readLocalCache(storage)!;
    expect(back.wizardData.photosSignature.photos.map((p) => p.url)).toEqual([`/api/files/${PHOTO}`]);
    expect(back.wizardData.photosSignature.signature).toBe('');
  });

  it('clears itself when the check is empty', () => {
    const storage = new MemoryStorage();
    writeLocalCache(storage, stateWith({ address: 'x' }));
    expect(writeLocalCache(storage, initialWizardState('u1'))).toBe('cleared');
    expect(storage.items.has(WIZARD_CACHE_KEY)).toBe(false);
  });

  it('says when the quota is exceeded and drops its older copy rather than keep a stale one', () => {
    const storage = new MemoryStorage();
    writeLocalCache(storage, stateWith({ address: 'old' }));
    storage.full = true;
    expect(writeLocalCache(storage, stateWith({ address: 'new' }))).toBe('quota-exceeded');
    expect(storage.items.has(WIZARD_CACHE_KEY)).toBe(false);
  });

  it('reports unavailable storage without throwing', () => {
    expect(writeLocalCache(null, stateWith({ address: 'x' }))).toBe('unavailable');
    expect(readLocalCache(null)).toBeUndefined();
  });

  it('sets aside a copy it cannot read instead of deleting it', () => {
    const storage = new MemoryStorage();
    storage.setItem(WIZARD_CACHE_KEY, '{"flowStatus":"from-the-future"}');
    expect(readLocalCache(storage)).toBeUndefined();
    expect(storage.items.get(UNREADABLE_CACHE_KEY)).toBe('{"flowStatus":"from-the-future"}');
    expect(storage.items.has(WIZARD_CACHE_KEY)).toBe(false);
  });

  it('checked after a newer state was written, sets the unreadable copy aside and keeps the newer state', () => {
    const storage = new MemoryStorage();
    storage.setItem(WIZARD_CACHE_KEY, '{"flowStatus":"from-the-future"}');
    const copy = peekLocalCache(storage)!;
    writeLocalCache(storage, stateWith({ address: 'typed meanwhile' }));
    expect(acceptLocalCache(storage, copy, parseWizardState(copy.value))).toBeUndefined();
    expect(storage.items.get(UNREADABLE_CACHE_KEY)).toBe('{"flowStatus":"from-the-future"}');
    expect(readLocalCache(storage)?.wizardData.address).toBe('typed meanwhile');
  });
});

describe('cacheHoldsNewer', () => {
  const at = (iso: string, owner = 'u1') => ({ ...stateWith({ address: 'x' }), ownerId: owner, updatedAt: iso });

  it("is true only for a newer copy of the same engineer's check", () => {
    const storage = new MemoryStorage();
    expect(cacheHoldsNewer(storage, at('2026-06-01T09:00:00.000Z'))).toBe(false);
    writeLocalCache(storage, at('2026-06-01T09:05:00.000Z'));
    expect(cacheHoldsNewer(storage, at('2026-06-01T09:00:00.000Z'))).toBe(true);
    expect(cacheHoldsNewer(storage, at('2026-06-01T09:05:00.000Z'))).toBe(false);
    expect(cacheHoldsNewer(storage, at('2026-06-01T09:06:00.000Z'))).toBe(false);
    expect(cacheHoldsNewer(storage, at('2026-06-01T09:00:00.000Z', 'u2'))).toBe(false);
  });
});
