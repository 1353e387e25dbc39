import type { CreateReportBody, SaveDraftBody } from '@hiu/domain';

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
