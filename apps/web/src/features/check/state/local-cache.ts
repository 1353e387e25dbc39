import { isFileUrl } from '@hiu/domain';
import { hasWizardData, type WizardState } from './wizard-state';

/** The wizard state's local cache key (docs/product.md#offline). */
export const WIZARD_CACHE_KEY = 'hiu_wizard_cache';
/** Where a cached state this version cannot read is set aside instead of being thrown away. */
export const UNREADABLE_CACHE_KEY = 'hiu_wizard_cache_unreadable';

export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type CacheWrite = 'written' | 'cleared' | 'quota-exceeded' | 'unavailable';

/**
 * The state as cached: photos and the signature only as `/api/files/{id}` references, never image data,
 * so the small cache can never fill up with pictures (their bytes live in IndexedDB).
 */
export function cacheableState(state: WizardState): WizardState {
  const p = state.wizardData.photosSignature;
  const photos = p.photos.filter((photo) => isFileUrl(photo.url));
  const signature = p.signature && isFileUrl(p.signature) ? p.signature : '';
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

/** The cached copy as stored, not yet checked (the check needs the schemas, which may still be loading). */
export interface CachedCopy {
  raw: string;
  value: unknown;
}

/** Reads the cached copy once at startup, synchronously; undefined when there is none. */
export function peekLocalCache(storage: CacheStorage | null): CachedCopy | undefined {
  if (!storage) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(WIZARD_CACHE_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    return { raw, value: undefined };
  }
}

/** Whether the local cache holds a newer copy of the same engineer's check (another tab of the app wrote it). */
export function cacheHoldsNewer(storage: CacheStorage | null, state: WizardState): boolean {
  const cached = peekLocalCache(storage)?.value as { ownerId?: unknown; updatedAt?: unknown } | undefined;
  if (!cached || cached.ownerId !== state.ownerId || typeof cached.updatedAt !== 'string') return false;
  return Date.parse(cached.updatedAt) > Date.parse(state.updatedAt);
}

/** Checks a cached copy. One this version cannot read is set aside, not lost. */
export function acceptLocalCache(
  storage: CacheStorage | null,
  copy: CachedCopy,
  /** The copy as the schemas read it; undefined when they cannot. */
  state: WizardState | undefined,
): WizardState | undefined {
  if (!state && storage) {
    try {
      storage.setItem(UNREADABLE_CACHE_KEY, copy.raw);
      // Checked late, the key may hold a newer state by now: only the unreadable copy is taken away.
      if (storage.getItem(WIZARD_CACHE_KEY) === copy.raw) storage.removeItem(WIZARD_CACHE_KEY);
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
