import { fileUrl } from '@hiu/domain';
import { hasWizardData, parseWizardState, type WizardState } from './wizard-state';

/** Spec section 9: the wizard state's local cache key. */
export const WIZARD_CACHE_KEY = 'hiu_wizard_cache';
/** Where a cached state this version cannot read is set aside instead of being thrown away. */
export const UNREADABLE_CACHE_KEY = 'hiu_wizard_cache_unreadable';

export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type CacheWrite = 'written' | 'cleared' | 'quota-exceeded' | 'unavailable';

const isFileRef = (url: string) => fileUrl.safeParse(url).success;

/**
 * The state as cached: photos and the signature only as `/api/files/{id}` references, never image data,
 * so the small cache can never fill up with pictures (their bytes live in IndexedDB).
 */
export function cacheableState(state: WizardState): WizardState {
  const p = state.wizardData.photosSignature;
  const photos = p.photos.filter((photo) => isFileRef(photo.url));
  const signature = p.signature && isFileRef(p.signature) ? p.signature : '';
  if (photos.length === p.photos.length && signature === p.signature) return state;
  return { ...state, wizardData: { ...state.wizardData, photosSignature: { ...p, photos, signature } } };
}

/** A browser's "storage is full" error, from localStorage or IndexedDB (DOMException or a plain Error). */
export function isQuotaError(e: unknown): boolean {
  if (!(e instanceof Error) && !(typeof DOMException !== 'undefined' && e instanceof DOMException)) return false;
  return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || /quota/i.test(e.message);
}

/** Writes the state synchronously, so a reload a moment later restores it. Empty data clears the key. */
export function writeLocalCache(storage: CacheStorage | null, state: WizardState): CacheWrite {
  if (!storage) return 'unavailable';
  try {
    if (!hasWizardData(state.wizardData) && state.flowStatus === 'active') {
      storage.removeItem(WIZARD_CACHE_KEY);
      return 'cleared';
    }
    storage.setItem(WIZARD_CACHE_KEY, JSON.stringify(cacheableState(state)));
    return 'written';
  } catch (e) {
    // A full cache must not keep an older copy that would look current after a reload (spec: cleared);
    // IndexedDB still holds the state.
    try {
      storage.removeItem(WIZARD_CACHE_KEY);
    } catch {
      // nothing more to do
    }
    return isQuotaError(e) ? 'quota-exceeded' : 'unavailable';
  }
}

/** Reads the cached state once at startup. A copy this version cannot read is set aside, not lost. */
export function readLocalCache(storage: CacheStorage | null): WizardState | undefined {
  if (!storage) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(WIZARD_CACHE_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const state = parseWizardState(value);
  if (!state) {
    try {
      storage.setItem(UNREADABLE_CACHE_KEY, raw);
      storage.removeItem(WIZARD_CACHE_KEY);
    } catch {
      // leave it where it is
    }
  }
  return state;
}

export function clearLocalCache(storage: CacheStorage | null): void {
  try {
    storage?.removeItem(WIZARD_CACHE_KEY);
  } catch {
    // storage refused; nothing is cached then
  }
}

/** The browser's localStorage, or null where it is blocked (private modes, disabled storage). */
export function browserStorage(): CacheStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
