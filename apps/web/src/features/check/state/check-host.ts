import type { Property, Site, User } from '@hiu/domain';
import type { CacheStorage } from './local-cache';
import type { DeviceStore } from './device-store';
import type { OutboxOp } from './outbox';
import type { OwnedTasks } from './owned-tasks';
import type { SentItem } from './outbox-log';
import type { SaveStatusTracker } from './save-status';
import type { CopyChecks } from './schemas';
import type { SyncEngine } from './sync-engine';
import type { Transport } from './transport';
import type { WizardRecipe, WizardState } from './wizard-state';

/*
 * What the check's device-state modules share: the controller's dependencies, the snapshots the screens read,
 * the one lifecycle state and the host each module is given. Types only, so no module imports another's code
 * through here.
 */

export type SaveResult = 'saved-server' | 'saved-local';

/**
 * What became of a submitted (or failed-device) report:
 * - sent: the server has it (and every photo it lists);
 * - queued: kept on this phone and sent automatically when the connection or server is back;
 * - rejected: the server refused it (kept on this phone; `message` says why).
 */
export type SubmitResult =
  | { status: 'sent'; reportId: string; draftRemoved: boolean }
  | { status: 'queued'; reportId: string; reason: 'offline' | 'signed-out' | 'server-error' | 'slow'; message: string }
  | { status: 'rejected'; reportId: string; message: string };

export interface OutboxItem {
  id: string;
  kind: OutboxOp['kind'];
  label: string;
  /** The property's address the operation belongs to, when known. */
  property?: string;
  createdAt: string;
  attempts: number;
  status: 'pending' | 'failed';
  lastError?: string;
  /** The last failure in plain words (what happened and what the app does about it). */
  problem?: string;
  nextAttemptAt: number;
  /** What waits for this one and goes with it if it is discarded (a report waiting for a photo). */
  dependents: { id: string; label: string; property?: string }[];
}

export interface OutboxSnapshot {
  /** Operations still to reach the server (waiting or failed). */
  pending: number;
  failed: number;
  /** Failed ones the server itself refused (the rest wait for one of those). */
  refused: number;
  items: OutboxItem[];
  /** What this phone sent lately, newest first. */
  sent: SentItem[];
  online: boolean;
  /** The server answered "signed out" to something waiting: nothing goes until the engineer signs in. */
  signedOut: boolean;
  /** What other engineers left on this phone: sent only when each signs in here again. */
  othersWaiting: number;
}

export interface WizardSnapshot {
  state: WizardState;
  /** IndexedDB has been read (before that, the state is what the quick local cache held). */
  hydrated: boolean;
  /** Set when the phone's storage refused something; shown to the engineer, never silently ignored. */
  storageWarning?: string;
}

export interface StartInput {
  siteId: string;
  propertyId: string;
  /** Already loaded by the caller (home page): saves a call and works offline. */
  site?: Site;
  property?: Property;
  /** Aborted when the engineer leaves before the check has begun: then nothing is started. */
  signal?: AbortSignal;
}

export interface WizardControllerDeps {
  store: DeviceStore;
  transport: Transport;
  storage: CacheStorage | null;
  notify: {
    success(title: string, description?: string): unknown;
    error(title: string, description?: string): unknown;
    info?(title: string, description?: string): unknown;
  };
  isOnline: () => boolean;
  compress: (file: Blob) => Promise<Blob>;
  /** Reads that may come from a cache (site, property, signed-in user); defaults to the transport. */
  fetchJson?: <T>(path: string) => Promise<T>;
  now?: () => number;
  uuid?: () => string;
  random?: () => number;
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
  submitWaitMs?: number;
  saveWaitMs?: number;
  /** What reads back stored copies; the app's (a worker thread) by default. */
  schemas?: CopyChecks;
  /** Told when the server has stored a report, so screens showing server lists read them again. */
  onReportSent?: (reportId: string) => void;
  /** Told of a failure in work that runs on after its call (a timer's save, a clean-up); the console by default. */
  onBackgroundError?: (error: unknown, what: string) => void;
}

/**
 * Where the controller is in its life. One value instead of separate flags, so no two of them can
 * disagree. `seq` counts sign-ins on this page: work begun for an earlier one checks it and stops.
 * - unknown: the session has not been read yet; nothing is restored or written.
 * - signed-out: no one is signed in; the check is empty and nothing is written.
 * - restoring: the user's check is being read back from the device (the local cache first, then IndexedDB).
 * - ready: restored; the engineer works on the check.
 * - submitting: a report is being queued and sent; its outcome is answered by Submit, not by the outbox's
 *   listener. `restored` says whether the restore had finished (it may end while a report is going).
 * - disposed: the page is done with it; no timer is started again, and what was under way for the user
 *   finishes.
 */
export type Lifecycle =
  | { phase: 'unknown' }
  | { phase: 'signed-out'; seq: number }
  | { phase: 'restoring'; seq: number; user: User }
  | { phase: 'ready'; seq: number; user: User }
  | { phase: 'submitting'; seq: number; user: User; reportId: string; restored: boolean }
  | { phase: 'disposed'; seq: number; user: User | null };

/** What the controller gives each of its modules: the shared state and the few ways to change it. */
export interface CheckHost {
  readonly deps: WizardControllerDeps;
  /**
   * The sync engine, the only thing that writes to the server: its code is fetched once the user's check is being
   * restored, not with the first screen; rejects while that code cannot be fetched.
   */
  engine(): Promise<SyncEngine>;
  readonly saveStatus: SaveStatusTracker;
  readonly tasks: OwnedTasks;
  readonly schemas: CopyChecks;
  readonly now: () => number;
  readonly uuid: () => string;
  readonly lifecycle: Lifecycle;
  /** The signed-in user, from the lifecycle. */
  readonly user: User | null;
  readonly snap: WizardSnapshot;
  /** Settles when the signed-in user's check has been restored from the device. */
  readonly restoring: Promise<void>;
  /** Whether `seq` is still this page's current sign-in (a later one makes earlier work stop). */
  current(seq: number): boolean;
  setSnap(patch: Partial<WizardSnapshot>): void;
  /** Makes `state` the check, on the screen and on the device. */
  commit(state: WizardState): void;
  /** The state with `patch` applied and a new `updatedAt`. */
  next(patch: Partial<WizardState>): WizardState;
  /** An edit of the check's data, as the screens make it, but the module's own: it renders in the background. */
  update(recipe: WizardRecipe): void;
  /** Back to an empty check (the module's own change: it renders in the background). */
  reset(): void;
  /** A read that may come from the query cache. */
  fetch<T>(path: string): Promise<T>;
  readonly outbox: OutboxSnapshot;
}
