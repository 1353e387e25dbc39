import { useSyncExternalStore } from 'react';
import type { CacheStorage } from '../state/local-cache';

/**
 * A signature drawn but not yet in IndexedDB. Written synchronously when a stroke ends (a PNG of the pad is
 * a few kB), so a reload or a closed tab a moment later finds it, as it finds every typed field; it is
 * taken away once the signature's file is kept and the check refers to it.
 */
export const PENDING_SIGNATURE_KEY = 'hiu_signature_pending';

interface PendingSignature {
  ownerId: string;
  dataUrl: string;
}

export function keepPendingSignature(storage: CacheStorage | null, ownerId: string, dataUrl: string): void {
  try {
    storage?.setItem(PENDING_SIGNATURE_KEY, JSON.stringify({ ownerId, dataUrl } satisfies PendingSignature));
  } catch {
    // storage full or refused: the file is still kept in IndexedDB a moment later
  }
}

/** The owner's pending drawing, if one is waiting. */
export function peekPendingSignature(storage: CacheStorage | null, ownerId: string): string | undefined {
  try {
    const raw = storage?.getItem(PENDING_SIGNATURE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<PendingSignature>;
    return value.ownerId === ownerId && typeof value.dataUrl === 'string' ? value.dataUrl : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the pending drawing if it is still this one (a newer stroke may have replaced it). */
export function clearPendingSignature(storage: CacheStorage | null, dataUrl: string): void {
  try {
    const raw = storage?.getItem(PENDING_SIGNATURE_KEY);
    if (raw && (JSON.parse(raw) as Partial<PendingSignature>).dataUrl === dataUrl) {
      storage?.removeItem(PENDING_SIGNATURE_KEY);
    }
  } catch {
    // left for the next start, which keeps it again (one more file, the same picture)
  }
}

/** A `data:image/png;base64,...` URL as a Blob, without fetch (the CSP allows no data: connections). */
export function pngFromDataUrl(dataUrl: string): Blob {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

let chain: Promise<void> = Promise.resolve();
let lastKept: Promise<boolean> = Promise.resolve(true);
/** Strokes drawn whose file is not yet kept. */
let drawing = 0;
/** A stroke drawn on the pad shown now was kept, and not cleared since (reset when a pad shows). */
let keptThisVisit = false;
/** Counts the pad's changes, so only the latest one's outcome stands. */
let changes = 0;
const listeners = new Set<() => void>();
const told = () => listeners.forEach((l) => l());

/** A stroke's save ended: kept (the check refers to it) or refused by the phone's storage. */
function settle(change: number, kept: boolean) {
  drawing--;
  if (change === changes) keptThisVisit = kept;
  told();
}

/** A signature card shows: what was drawn on an earlier one is in the check by now. */
export function padShown(): void {
  keptThisVisit = false;
}

/**
 * True from the moment a stroke ends, through the keeping of its file, until the check that refers to it is
 * drawn on the screen (some hundred ms on a slow phone, where state from the background renders in slices): a
 * finger goes from the pad to File Failure Report or Review & Submit faster than that, and a button that waited
 * for the file was still disabled when tapped, so the tap was lost. Pass whether the screen's check has it.
 */
export function useSignatureInHand(shown: boolean): boolean {
  const inHand = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    signatureDrawingNow,
    () => false,
  );
  return shown || inHand;
}

/** Read in a tap's handler: a stroke ended a moment ago may not have reached the screen's last render yet. */
export function signatureDrawingNow(): boolean {
  return drawing > 0 || keptThisVisit;
}

/**
 * Once every stroke drawn so far is saved: true when the last was kept as the signature's file (the check then
 * refers to it), false when the phone's storage refused it.
 */
export function signatureKept(): Promise<boolean> {
  return lastKept;
}

/**
 * The pad's drawing (a PNG data URL; null: cleared) for `ownerId`'s check: kept in the local cache at once,
 * then stored as the signature's file through `setSignature`. Saves run one after another, so the last stroke
 * is the signature.
 */
export function drawSignature(
  storage: CacheStorage | null,
  ownerId: string | undefined,
  dataUrl: string | null,
  setSignature: (png: Blob | null) => Promise<void>,
): Promise<void> {
  if (dataUrl && ownerId) keepPendingSignature(storage, ownerId, dataUrl);
  const counted = Boolean(dataUrl);
  const change = ++changes;
  if (counted) drawing++;
  else keptThisVisit = false;
  told();
  const run = async () => {
    if (!dataUrl) {
      const pending = ownerId && peekPendingSignature(storage, ownerId);
      if (pending) clearPendingSignature(storage, pending);
      return setSignature(null);
    }
    await setSignature(pngFromDataUrl(dataUrl));
    clearPendingSignature(storage, dataUrl);
  };
  const done = chain.then(run);
  void done.then(
    () => counted && settle(change, true),
    () => counted && settle(change, false),
  );
  chain = done.catch(() => undefined);
  lastKept = done.then(
    () => true,
    () => false,
  );
  return done;
}

/**
 * A signature whose stroke ended just before the page went (reload, closed tab) is stored now. A reload
 * returns to the screen the engineer was on, so step 7 or the failure evidence screen finds it (the signature card).
 */
export function recoverPendingSignature(
  storage: CacheStorage | null,
  state: { ownerId?: string; flowStatus: string; submittedReportId?: string },
  setSignature: (png: Blob | null) => Promise<void>,
): Promise<void> | undefined {
  if (!state.ownerId) return undefined;
  const pending = peekPendingSignature(storage, state.ownerId);
  if (!pending) return undefined;
  if (state.flowStatus !== 'active' || state.submittedReportId) {
    clearPendingSignature(storage, pending);
    return undefined;
  }
  return drawSignature(storage, state.ownerId, pending, setSignature);
}
