import { and, eq, inArray, isNull, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { drafts, files, users } from '../db/schema.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';

export type FileKind = (typeof files.$inferSelect)['kind'];

export interface StoredFile {
  id: string;
  ownerId: string | null;
  kind: FileKind;
  contentType: string;
  size: number;
  data: Buffer;
  /** The report that claims it, once filed. */
  reportId?: string | null;
}

export type PutFileResult = 'created' | 'exists' | 'conflict';

/** How many photos and signatures, and how many bytes, one user may hold that no report has claimed. */
export interface UnclaimedLimit {
  count: number;
  bytes: number;
}

export interface UnclaimedUploads {
  count: number;
  bytes: number;
}

/** Photos and signatures no report has claimed yet (a check in progress, or taken out of one). */
// Report PDFs and evidence-pack files are the server's own, never a phone's upload.
const uploaded = notInArray(files.kind, ['pdf', 'pack']);
const unclaimed = and(isNull(files.reportId), uploaded);

export function filesRepository(db: Db) {
  async function get(id: string): Promise<StoredFile | undefined> {
    const [row] = await db
      .select({
        id: files.id,
        ownerId: files.ownerId,
        kind: files.kind,
        contentType: files.contentType,
        size: files.size,
        data: files.data,
        reportId: files.reportId,
      })
      .from(files)
      .where(eq(files.id, id));
    return row;
  }

  return {
    get,

    /**
     * Stores a file under its client-made id, once. Sending the same bytes again under the same id by the
     * same owner is a harmless retry ('exists'); anything else under a taken id is a 'conflict'. With a
     * `limit`, a new file that would take its owner's unclaimed files over it is not stored and the owner's
     * current holding is returned; the owner's row is locked meanwhile, so concurrent uploads are counted
     * one after another and cannot pass the limit together (decision 116).
     */
    async put(
      file: Omit<StoredFile, 'size'>,
      limit?: UnclaimedLimit,
    ): Promise<PutFileResult | { overLimit: UnclaimedUploads }> {
      const retry = async (): Promise<PutFileResult> => {
        const existing = await get(file.id);
        const same =
          existing &&
          existing.ownerId === file.ownerId &&
          existing.kind === file.kind &&
          existing.data.equals(file.data);
        return same ? 'exists' : 'conflict';
      };
      const { ownerId } = file;
      if (!limit || !ownerId) {
        const [row] = await db
          .insert(files)
          .values({ ...file, size: file.data.length })
          .onConflictDoNothing({ target: files.id })
          .returning({ id: files.id });
        return row ? 'created' : retry();
      }
      if (await get(file.id)) return retry();
      const outcome = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
          .from(files)
          .where(and(eq(files.ownerId, ownerId), unclaimed));
        const holding = { count: Number(held?.count ?? 0), bytes: Number(held?.bytes ?? 0) };
        if (holding.count + 1 > limit.count || holding.bytes + file.data.length > limit.bytes) {
          return { overLimit: holding };
        }
        const [row] = await tx
          .insert(files)
          .values({ ...file, size: file.data.length })
          .onConflictDoNothing({ target: files.id })
          .returning({ id: files.id });
        return row ? ('created' as const) : ('taken' as const);
      });
      return outcome === 'taken' ? retry() : outcome;
    },

    /** Each user's unclaimed photos and signatures, for the admin's users list; users with none are absent. */
    async unclaimedByOwner(): Promise<Map<string, UnclaimedUploads>> {
      const rows = await db
        .select({
          ownerId: files.ownerId,
          count: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint`,
        })
        .from(files)
        .where(and(unclaimed, sql`${files.ownerId} IS NOT NULL`))
        .groupBy(files.ownerId);
      return new Map(rows.map((r) => [r.ownerId!, { count: Number(r.count), bytes: Number(r.bytes) }]));
    },

    /**
     * Deletes up to `limit` orphan photos and signatures: uploaded before `olderThan`, claimed by no report
     * and referred to by none of their owner's drafts (a photo removed or replaced in a check). Safe with
     * several app servers running it at once: rows another transaction holds (a report claiming them, or
     * another clean-up) are skipped, not waited for. Returns the deleted ids.
     */
    async deleteOrphans(opts: { olderThan: Date; limit?: number }): Promise<string[]> {
      const referencedByDraft = db
        .select({ one: sql`1` })
        .from(drafts)
        .where(
          and(eq(drafts.userId, files.ownerId), sql`strpos(lower(${drafts.wizardData}::text), ${files.id}::text) > 0`),
        );
      const orphans = db
        .select({ id: files.id })
        .from(files)
        .where(and(isNull(files.reportId), uploaded, lt(files.createdAt, opts.olderThan), notExists(referencedByDraft)))
        .orderBy(files.createdAt)
        .limit(opts.limit ?? 500)
        .for('update', { skipLocked: true });
      const rows = await db.delete(files).where(inArray(files.id, orphans)).returning({ id: files.id });
      return rows.map((r) => r.id);
    },

    /** The ids of `ids` that are not stored (a report is complete only when none are missing). */
    async missing(ids: string[]): Promise<string[]> {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return [];
      const valid = wanted.filter((id) => UUID.test(id));
      const found = valid.length ? await db.select({ id: files.id }).from(files).where(inArray(files.id, valid)) : [];
      const have = new Set(found.map((r) => r.id.toLowerCase()));
      return wanted.filter((id) => !have.has(id.toLowerCase()));
    },
  };
}
export type FilesRepository = ReturnType<typeof filesRepository>;
