import type { CreateReportBody, SaveDraftBody } from '@hiu/domain';
import type { ApiError as ApiErrorBody } from '@hiu/domain';

/**
 * One piece of work for the server, kept on the device until the server has it. Every operation carries
 * the id the device made for what it sends (draft, file, report), so sending it twice stores it once.
 */
export type OutboxOp =
  | (OpBase & { kind: 'saveDraft'; payload: SaveDraftBody & { id: string } })
  | (OpBase & { kind: 'uploadFile'; payload: { fileId: string; kind: 'photo' | 'signature' | 'original' } })
  | (OpBase & { kind: 'submitReport'; payload: CreateReportBody })
  | (OpBase & { kind: 'deleteDraft'; payload: { draftId: string } });

export type OutboxKind = OutboxOp['kind'];

interface OpBase {
  id: string;
  /** Order of sending: lower first. */
  seq: number;
  /** The user who made it; only they send it (a shared phone never sends one person's work as another). */
  userId: string;
  createdAt: string;
  attempts: number;
  /** Epoch ms before which it is not tried again. */
  nextAttemptAt: number;
  /** Epoch ms of the last try, if any. */
  lastAttemptAt?: number;
  lastError?: string;
  /** HTTP status of the last failed try; null when there was no answer at all. */
  lastStatus?: number | null;
  /** 'failed' = refused by the server for good: kept and shown, not retried until asked. */
  status: 'pending' | 'failed';
  /** Operations that must reach the server first (the photos of a report, the report before its draft is removed). */
  dependsOn: string[];
}

/** Operation ids are derived from what they carry, so queuing the same thing twice cannot duplicate it. */
export const opId = {
  uploadFile: (fileId: string) => `uploadFile:${fileId}`,
  submitReport: (reportId: string) => `submitReport:${reportId}`,
  deleteDraft: (draftId: string) => `deleteDraft:${draftId}`,
  saveDraft: (draftId: string, unique: string) => `saveDraft:${draftId}:${unique}`,
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

/** Sending order, then creation order for equal seq (ISO times compare as plain strings, no collator). */
export function inSendingOrder(ops: OutboxOp[]): OutboxOp[] {
  const byTime = (a: OutboxOp, b: OutboxOp) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
  return [...ops].sort((a, b) => a.seq - b.seq || byTime(a, b));
}

export type NextStep =
  | { type: 'send'; op: OutboxOp }
  | { type: 'wait'; until: number; op: OutboxOp }
  | { type: 'blocked'; op: OutboxOp; failedDependency: OutboxOp }
  | { type: 'idle' };

/**
 * What the sync loop does next, in order: skip others' and failed operations, skip one still waiting for
 * an operation it depends on, and stop at the first one whose retry time has not come (so nothing
 * overtakes it). An operation that depends on a failed one is reported as blocked. `forcedAt` (the
 * connection came back, or the engineer asked) lets operations last tried before it go at once.
 */
export function nextStep(ops: OutboxOp[], userId: string, now: number, forcedAt?: number): NextStep {
  const byId = new Map(ops.map((op) => [op.id, op]));
  for (const op of inSendingOrder(ops)) {
    if (op.userId !== userId || op.status === 'failed') continue;
    const deps = op.dependsOn.map((id) => byId.get(id)).filter((d): d is OutboxOp => !!d);
    const failedDependency = deps.find((d) => d.status === 'failed');
    if (failedDependency) return { type: 'blocked', op, failedDependency };
    if (deps.length > 0) continue;
    const forced = forcedAt !== undefined && (op.lastAttemptAt ?? 0) < forcedAt;
    if (op.nextAttemptAt > now && !forced) return { type: 'wait', until: op.nextAttemptAt, op };
    return { type: 'send', op };
  }
  return { type: 'idle' };
}

const KIND_LABEL: Record<OutboxKind, string> = {
  saveDraft: 'Draft save',
  uploadFile: 'Photo or signature upload',
  submitReport: 'Report',
  deleteDraft: 'Draft removal',
};

export function describeOp(op: OutboxOp): string {
  if (op.kind === 'uploadFile')
    return op.payload.kind === 'signature'
      ? 'Signature upload'
      : op.payload.kind === 'original'
        ? 'Original photo upload'
        : 'Photo upload';
  return KIND_LABEL[op.kind];
}

/**
 * The last failure of an operation in plain words for the engineer: what happened and what the app does
 * about it. Undefined when it has not failed yet.
 */
export function plainError(op: Pick<OutboxOp, 'lastError' | 'lastStatus' | 'status'>): string | undefined {
  const { lastError, lastStatus: status } = op;
  if (!lastError) return undefined;
  if (op.status === 'failed') {
    return status ? `The server refused it (error ${status}): ${lastError}` : lastError;
  }
  if (status === undefined || status === null) return `${lastError}. It is sent by itself when the connection returns.`;
  if (status === 401) return 'You were signed out. Sign in again and it is sent.';
  if (status === 409) return `${lastError}.`;
  if (status === 429) return 'The server is busy. The app tries again by itself.';
  return `The server could not take it (error ${status}). The app tries again by itself.`;
}

/** The operations that wait for `id`, directly or through others (a report waits for its photos). */
export function dependentsOf(ops: OutboxOp[], id: string): OutboxOp[] {
  const found = new Map<string, OutboxOp>();
  const visit = (target: string) => {
    for (const op of ops) {
      if (op.dependsOn.includes(target) && !found.has(op.id)) {
        found.set(op.id, op);
        visit(op.id);
      }
    }
  };
  visit(id);
  return [...found.values()];
}
