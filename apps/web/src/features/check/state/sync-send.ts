import {
  checkFileIds,
  DRAFT_VERSION_MAX,
  fileUrlFor,
  mergeDrafts,
  mergeNotes,
  mergeWizardData,
  type ApiError as ApiErrorBody,
  type WizardData,
} from '@hiu/domain';
import type { DeviceStore } from './device-store';
import type { DraftServerState } from './draft-server-state';
import { inSendingOrder, type OutboxOp } from './outbox';
import { opId } from './op-id';
import { copyChecks } from './schemas';
import type { Transport } from './transport';

/*
 * The sync engine's half that talks to the server: one operation sent, and what its answer means for the
 * outbox. The engine fetches it with the first operation there is to send (on demand), so a page with nothing
 * waiting never downloads it; the service worker keeps it for a phone with no signal.
 */

/** The copy a 409 draft_conflict carried: the server's, newer than the save refused. */
export interface ServerDraft {
  id: string;
  currentStep: string;
  version: number;
  wizardData: WizardData;
  /** The notes saved with it ('' from a server that kept none). */
  notes: string;
}

export type OpOutcome =
  | { op: OutboxOp; result: 'sent' }
  /**
   * The server held a newer copy: it is merged with the device's and queued as a save with a higher version.
   * `mergeInto` merges another copy of the draft (the one on screen) with the server's the same way.
   */
  | {
      op: OutboxOp;
      result: 'merged';
      server: ServerDraft;
      version: number;
      mergeInto: (copy: WizardData) => WizardData;
    }
  | { op: OutboxOp; result: 'retry'; status: number | null; message: string }
  | { op: OutboxOp; result: 'failed'; status: number | null; message: string };

/** What sending needs to reach the phone's store and the server. */
export interface SendDeps {
  store: DeviceStore;
  transport: Transport;
}

/** How long one call may take before it counts as no answer (and is retried). */
export const TIMEOUTS = {
  saveDraft: 15_000,
  uploadFile: 60_000,
  uploadOriginal: 300_000,
  submitReport: 30_000,
  deleteDraft: 15_000,
};

export const MAX_BACKOFF_MS = 60_000;
const BASE_BACKOFF_MS = 1_000;

/** Wait before the next try after `attempts` failures: 1 s, 2 s, 4 s ... up to 60 s, with +-20 % jitter. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(MAX_BACKOFF_MS, Math.round(base * (0.8 + 0.4 * random())));
}

export type FailureClass =
  { type: 'retry'; status: number | null; message: string } | { type: 'permanent'; status: number; message: string };

/** Status, message and parsed body of a failed call, from the api client's ApiError or a network error. */
export function describeError(error: unknown): { status: number | null; message: string; body: unknown } {
  const e = error as { status?: unknown; payload?: unknown; bodyText?: unknown; message?: unknown; name?: unknown };
  if (typeof e?.status === 'number') {
    const payload = e.payload as { error?: { message?: string } } | null | undefined;
    const message = payload?.error?.message ?? (typeof e.message === 'string' ? e.message : `${e.status}`);
    return { status: e.status, message, body: e.payload ?? e.bodyText };
  }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    return { status: null, message: 'The server took too long to answer', body: undefined };
  }
  return { status: null, message: 'No connection to the server', body: undefined };
}

/**
 * Whether a failure is worth retrying. No answer, a timeout (408), too many requests (429) and server
 * errors (5xx) pass; so does 401, because the engineer signs in again and the work must still go.
 * Any other 4xx means the server will never take it as it is: kept and shown, not retried forever.
 */
export function classifyFailure(error: unknown): FailureClass {
  const { status, message } = describeError(error);
  if (status === null) return { type: 'retry', status, message };
  if (status === 401) return { type: 'retry', status, message: 'Sign in again to send this' };
  if (status === 408 || status === 429 || status >= 500) return { type: 'retry', status, message };
  return { type: 'permanent', status, message };
}

/**
 * The file ids of this report that a 409 missing_files from POST /api/reports names as not yet arrived, from
 * the error body's typed `missingFileIds` (the domain's apiErrorSchema).
 */
export function missingFileIdsFrom(error: unknown, candidates: string[]): string[] {
  const payload = (error as { payload?: ApiErrorBody | null } | null)?.payload;
  if (payload?.error.code !== 'missing_files') return [];
  const named = new Set((payload.error.missingFileIds ?? []).map((id) => id.toLowerCase()));
  return candidates.filter((id) => named.has(id.toLowerCase()));
}

/** What sending needs of the engine: its device store and server, its clock, and its memory of drafts. */
export interface SendingEngine {
  readonly deps: SendDeps;
  now(): number;
  random(): number;
  /** The server's copy of each draft (the base of a merge) and which save replaced which. */
  readonly drafts: DraftServerState;
  nextSeq(): Promise<number>;
  enqueueDraftSave(payload: Extract<OutboxOp, { kind: 'saveDraft' }>['payload']): Promise<OutboxOp>;
}

/** Sends one operation and writes down what became of it (sent, merged, to retry, refused for good). */
export async function attempt(engine: SendingEngine, op: OutboxOp): Promise<OpOutcome> {
  const { store } = engine.deps;
  try {
    await send(engine.deps, op);
    if (op.kind === 'saveDraft') engine.drafts.serverHas(op.payload.id, op.payload.wizardData);
    await store.deleteOp(op.id);
    if (op.kind === 'uploadFile') await store.markUploaded(op.payload.fileId, true);
    return { op, result: 'sent' };
  } catch (error) {
    const { status } = describeError(error);
    if (op.kind === 'deleteDraft' && status === 404) {
      // Already gone (or never reached the server): what was asked for is true.
      await store.deleteOp(op.id);
      return { op, result: 'sent' };
    }
    if (op.kind === 'submitReport' && status === 409) {
      const handled = await photosNotArrived(engine, op, error);
      if (handled) return handled;
    }
    if (op.kind === 'saveDraft' && status === 409) {
      const handled = await newerDraftOnServer(engine, op, error);
      if (handled) return handled;
    }
    const failure = classifyFailure(error);
    if (failure.type === 'permanent') {
      await store.putOp({
        ...op,
        status: 'failed',
        attempts: op.attempts + 1,
        lastAttemptAt: engine.now(),
        lastError: failure.message,
        lastStatus: failure.status,
      });
      return { op, result: 'failed', status: failure.status, message: failure.message };
    }
    const attempts = op.attempts + 1;
    await store.putOp({
      ...op,
      attempts,
      lastAttemptAt: engine.now(),
      nextAttemptAt: engine.now() + backoffDelay(attempts, engine.random),
      lastError: failure.message,
      lastStatus: failure.status,
    });
    return { op, result: 'retry', status: failure.status, message: failure.message };
  }
}

/**
 * Sends a draft save the device could not keep, once, as a queued save would go; its operation id. The server's
 * copy of the draft is then this one.
 */
export async function sendOnce(
  engine: SendingEngine,
  userId: string,
  payload: Extract<OutboxOp, { kind: 'saveDraft' }>['payload'],
): Promise<string> {
  const op: OutboxOp = {
    id: opId.saveDraft(payload.id, crypto.randomUUID()),
    kind: 'saveDraft',
    payload,
    seq: engine.now(),
    userId,
    createdAt: new Date(engine.now()).toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    dependsOn: [],
  };
  await send(engine.deps, op);
  engine.drafts.serverHas(payload.id, payload.wizardData);
  return op.id;
}

/** The one call to the server an operation is. */
export async function send(deps: SendDeps, op: OutboxOp): Promise<void> {
  const { transport, store } = deps;
  switch (op.kind) {
    case 'saveDraft':
      await transport.postJson('/api/drafts', op.payload, TIMEOUTS.saveDraft);
      return;
    case 'uploadFile': {
      const file = await store.getFile(op.payload.fileId);
      // Removed from the device before it went (the photo was deleted): nothing left to send.
      if (!file) return;
      // A camera original has its own route and, being large, more time.
      if (file.kind === 'original')
        await transport.putBlob(`${fileUrlFor(file.id)}/original`, file.blob, TIMEOUTS.uploadOriginal);
      else await transport.putBlob(`${fileUrlFor(file.id)}?kind=${file.kind}`, file.blob, TIMEOUTS.uploadFile);
      return;
    }
    case 'submitReport':
      await transport.postJson('/api/reports', op.payload, TIMEOUTS.submitReport);
      return;
    case 'deleteDraft':
      await transport.delete(`/api/drafts/${op.payload.draftId}`, TIMEOUTS.deleteDraft);
      return;
  }
}

/**
 * The server holds a newer copy of the draft than this save (a late save, another tab or device): the
 * two are merged, losing no reading of either, and the merge goes as a save above both versions in place
 * of this one and of any newer unsent save of the same draft.
 */
async function newerDraftOnServer(
  engine: SendingEngine,
  op: Extract<OutboxOp, { kind: 'saveDraft' }>,
  error: unknown,
): Promise<OpOutcome | undefined> {
  const { store } = engine.deps;
  const body = describeError(error).body as
    | {
        error?: {
          code?: unknown;
          draft?: { id?: unknown; currentStep?: unknown; version?: unknown; wizardData?: unknown; notes?: unknown };
        };
      }
    | undefined;
  const draft = body?.error?.code === 'draft_conflict' ? body.error.draft : undefined;
  if (!draft || typeof draft.currentStep !== 'string' || typeof draft.version !== 'number') return undefined;
  const serverData = await copyChecks.parseWizardData(draft.wizardData).catch(() => undefined);
  if (!serverData) return undefined;
  const queued = (await store.listOps()).filter(
    (o): o is typeof op =>
      o.kind === 'saveDraft' && o.payload.id === op.payload.id && o.userId === op.userId && o.id !== op.id,
  );
  const latest = (inSendingOrder(queued).at(-1) as typeof op | undefined) ?? op;
  const deviceData = await copyChecks.parseWizardData(latest.payload.wizardData).catch(() => undefined);
  if (!deviceData) return undefined;
  const server: ServerDraft = {
    id: op.payload.id,
    currentStep: draft.currentStep,
    version: draft.version,
    wizardData: serverData,
    notes: typeof draft.notes === 'string' ? draft.notes : '',
  };
  const known = engine.drafts.serverCopy(op.payload.id);
  const base = known === undefined ? undefined : await copyChecks.parseWizardData(known).catch(() => undefined);
  const merged = mergeDrafts(server, { currentStep: latest.payload.currentStep, wizardData: deviceData }, base);
  const version = Math.min(
    DRAFT_VERSION_MAX,
    Math.max(server.version, latest.payload.version ?? 0, op.payload.version ?? 0) + 1,
  );
  // No version above the server's is left: kept as refused rather than sent round and round.
  if (version <= server.version) return undefined;
  await store.deleteOp(op.id);
  const notes = mergeNotes(server.notes, latest.payload.notes ?? '');
  const next = await engine.enqueueDraftSave({ ...latest.payload, ...merged, notes, version });
  engine.drafts.replace(op.id, next.id);
  if (latest !== op) engine.drafts.replace(latest.id, next.id);
  return {
    op,
    result: 'merged',
    server,
    version,
    mergeInto: (copy) => mergeWizardData(server.wizardData, copy, base),
  };
}

/**
 * The server answered 409 to a report because photos it lists have not arrived. Those still on the
 * device are uploaded (again) first and the report waits for them; if any are on neither side the
 * report cannot be completed and is kept as failed with that reason.
 */
async function photosNotArrived(
  engine: SendingEngine,
  op: Extract<OutboxOp, { kind: 'submitReport' }>,
  error: unknown,
): Promise<OpOutcome | undefined> {
  const { store } = engine.deps;
  const data = await copyChecks.parseWizardData(op.payload.wizardData).catch(() => undefined);
  const candidates = data ? checkFileIds(data) : [];
  const missing = missingFileIdsFrom(error, candidates);
  if (missing.length === 0) return undefined;
  const dependsOn = new Set(op.dependsOn);
  const lost: string[] = [];
  for (const fileId of missing) {
    const file = await store.getFile(fileId);
    if (!file) {
      lost.push(fileId);
      continue;
    }
    await store.markUploaded(fileId, false);
    const uploadId = opId.uploadFile(fileId);
    if (!(await store.getOp(uploadId))) {
      await store.putOp({
        id: uploadId,
        kind: 'uploadFile',
        payload: { fileId, kind: file.kind },
        seq: await engine.nextSeq(),
        userId: op.userId,
        createdAt: new Date(engine.now()).toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        status: 'pending',
        dependsOn: [],
      });
    }
    dependsOn.add(uploadId);
  }
  const attempts = op.attempts + 1;
  if (lost.length > 0) {
    const message = `${lost.length} photo(s) are on neither this device nor the server`;
    await store.putOp({
      ...op,
      attempts,
      lastAttemptAt: engine.now(),
      status: 'failed',
      lastError: message,
      lastStatus: 409,
    });
    return { op, result: 'failed', status: 409, message };
  }
  const message = 'Waiting for photos to upload';
  // The report waits for its uploads (dependsOn), then goes again: at once the first time, with backoff
  // after that, so a server that keeps asking cannot make the loop spin.
  const nextAttemptAt = attempts <= 1 ? 0 : engine.now() + backoffDelay(attempts, engine.random);
  await store.putOp({
    ...op,
    attempts,
    dependsOn: [...dependsOn],
    lastAttemptAt: engine.now(),
    nextAttemptAt,
    lastError: message,
    lastStatus: 409,
  });
  return { op, result: 'retry', status: 409, message };
}
