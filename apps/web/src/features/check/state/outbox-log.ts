import { checkFileIds, type WizardData } from '@hiu/domain';
import type { CacheStorage } from './local-cache';
import type { OutboxOp } from './outbox';

/** Where the last operations this phone sent are listed (small, so localStorage suits it). */
export const SENT_LOG_KEY = 'hiu_outbox_sent';
const SENT_LOG_SIZE = 20;

/** An operation the server confirmed, as the outbox screen lists it under Sent recently. */
export interface SentItem {
  id: string;
  userId: string;
  label: string;
  property?: string;
  sentAt: string;
  /** How many sends in a row of the same kind for the same property this line stands for. */
  count?: number;
}

/** The user's recently sent operations, newest first; nothing when storage is blocked or unreadable. */
export function readSentLog(storage: CacheStorage | null, userId: string): SentItem[] {
  try {
    const all = JSON.parse(storage?.getItem(SENT_LOG_KEY) ?? '[]') as unknown;
    if (!Array.isArray(all)) return [];
    return all.filter((i): i is SentItem => !!i && typeof i === 'object' && (i as SentItem).userId === userId);
  } catch {
    return [];
  }
}

/**
 * Adds a sent operation at the top of the log, keeping the last 20 lines; a send like the one before it
 * (every draft save of one check) adds to that line's count instead. Best effort: a full cache skips it.
 */
export function recordSent(storage: CacheStorage | null, item: SentItem): void {
  if (!storage) return;
  try {
    const all = JSON.parse(storage.getItem(SENT_LOG_KEY) ?? '[]') as unknown;
    const rest = Array.isArray(all) ? (all as SentItem[]).filter((i) => i?.id !== item.id) : [];
    const top = rest[0];
    const same = top && top.userId === item.userId && top.label === item.label && top.property === item.property;
    const line = same ? { ...item, count: (top.count ?? 1) + 1 } : item;
    const log = same ? [line, ...rest.slice(1)] : [line, ...rest];
    storage.setItem(SENT_LOG_KEY, JSON.stringify(log.slice(0, SENT_LOG_SIZE)));
  } catch {
    // the log is a convenience; the outbox itself is what keeps the work
  }
}

/**
 * The wizard data an operation carries, when it has the parts the outbox names it by (address, photos,
 * signature). Checked by hand rather than with the schemas: it is only for display, and the outbox shows
 * before the schemas have loaded (a queued operation may come from an older version of the app).
 */
function dataOf(op: OutboxOp): WizardData | undefined {
  if (op.kind !== 'saveDraft' && op.kind !== 'submitReport') return undefined;
  const data = op.payload.wizardData as Partial<WizardData> | undefined;
  const files = data?.photosSignature;
  const named =
    typeof data?.address === 'string' &&
    Array.isArray(files?.photos) &&
    files.photos.every((p) => typeof p?.id === 'string') &&
    typeof files.signature === 'string';
  return named ? (data as WizardData) : undefined;
}

/**
 * The property address each operation belongs to. Drafts and reports carry it; an upload or a draft
 * removal borrows it from the draft or report that refers to the same file or draft, or from the check
 * on screen.
 */
export function addressesByOp(
  ops: OutboxOp[],
  current: { wizardData: WizardData; draftId?: string },
): Map<string, string> {
  const byFile = new Map<string, string>();
  const byDraft = new Map<string, string>();
  const remember = (data: WizardData, draftId?: string) => {
    const address = data.address.trim();
    if (!address) return;
    for (const id of checkFileIds(data)) if (!byFile.has(id)) byFile.set(id, address);
    if (draftId && !byDraft.has(draftId)) byDraft.set(draftId, address);
  };
  for (const op of ops) {
    const data = dataOf(op);
    if (data && op.kind === 'saveDraft') remember(data, op.payload.id);
    if (data && op.kind === 'submitReport') remember(data, op.payload.draftId);
  }
  remember(current.wizardData, current.draftId);

  const result = new Map<string, string>();
  for (const op of ops) {
    const address =
      op.kind === 'uploadFile'
        ? byFile.get(op.payload.fileId)
        : op.kind === 'deleteDraft'
          ? byDraft.get(op.payload.draftId)
          : dataOf(op)?.address.trim();
    if (address) result.set(op.id, address);
  }
  return result;
}
