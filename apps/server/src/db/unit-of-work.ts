import type { WebhookEventType } from '@hiu/domain';
import type { Db, Tx } from './client.js';
import { repositoriesOver, type TransactionRepositories } from '../repositories/index.js';
import { writeAudit, type Actor, type AuditInput } from '../history/entries.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { enqueueJob, type NewJob } from '../jobs/queue/store.js';
import { writeNotices, type Notice } from '../notifications/send.js';
import { mailIsOn } from '../notifications/mail-setting.js';
import { pushIsOn } from '../push/push-on.js';
import { commandTurn, isEmbedded, readTurn } from './snapshot-turns.js';

/** An audit entry of a command: its actor is the command's unless it names another (an automatic approval). */
export type HistoryEntry = Omit<AuditInput, 'actor'> & { actor?: Actor };

/**
 * What a command works with: its transaction, the repositories bound to it, and the side records every write
 * may leave (docs/product.md#history, #webhooks, #notifications): history entries, webhook events, background
 * jobs and the inbox entries of the people it concerns. They are written when the command's work has returned,
 * in its transaction, so a change and its records commit together or not at all.
 */
export interface UnitOfWork {
  tx: Tx;
  repos: TransactionRepositories;
  actor: Actor;
  record(entry: HistoryEntry | HistoryEntry[]): void;
  emit(type: WebhookEventType, data: Record<string, unknown>): void;
  enqueue(job: NewJob): void;
  /** Tells the people an event concerns, in their inbox (docs/product.md#notifications). */
  notify(notice: Notice): void;
}

/**
 * Runs one command in one transaction. `work` reads, checks and writes through the unit of work; what it
 * records is written after it, in the same transaction; an error thrown anywhere leaves nothing behind.
 */
export async function runCommand<T>(db: Db, actor: Actor, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  // On the embedded database a command waits while a snapshot read reads (db/snapshot-turns.ts).
  return isEmbedded(db) ? commandTurn(db, () => inTransaction(db, actor, work)) : inTransaction(db, actor, work);
}

function inTransaction<T>(db: Db, actor: Actor, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const history: AuditInput[] = [];
    const events: { type: WebhookEventType; data: Record<string, unknown> }[] = [];
    const jobs: NewJob[] = [];
    const notices: Notice[] = [];
    const result = await work({
      tx,
      repos: repositoriesOver(tx),
      actor,
      record: (entry) => {
        for (const e of Array.isArray(entry) ? entry : [entry])
          history.push({ ...e, actor: e.actor === undefined ? actor : e.actor });
      },
      emit: (type, data) => void events.push({ type, data }),
      enqueue: (job) => void jobs.push(job),
      notify: (notice) => void notices.push(notice),
    });
    await writeAudit(tx, history);
    for (const e of events) await emitWebhookEvent(tx, e.type, e.data);
    for (const job of jobs) await enqueueJob(tx, job);
    await writeNotices(tx, notices, { mail: mailIsOn(db), push: pushIsOn(db) });
    return result;
  });
}

/**
 * Runs reads that must agree with each other (an evidence pack's files, docs/product.md#evidence-pack) as of one
 * moment. On PostgreSQL: one REPEATABLE READ READ ONLY transaction, so a change committed meanwhile is in none of
 * them. The embedded database has one connection, so a transaction held that long would keep every request
 * waiting: there the reads run one statement at a time between other requests', while commands wait until they
 * are done (db/snapshot-turns.ts, decision 266). Nothing is written inside: on PostgreSQL a write ends the
 * read-only snapshot, and on the embedded database a command would wait for the reads.
 */
export function readSnapshot<T>(db: Db, read: (repos: TransactionRepositories) => Promise<T>): Promise<T> {
  if (isEmbedded(db)) return readTurn(db, () => read(repositoriesOver(db)));
  return db.transaction((tx) => read(repositoriesOver(tx)), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}
