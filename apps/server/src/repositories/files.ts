import { and, eq, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { drafts, files } from '../db/schema.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';

export type FileKind = (typeof files.$inferSelect)['kind'];

export interface StoredFile {
  id: string;
  ownerId: string | null;
  kind: FileKind;
  contentType: string;
  size: number;
  data: Buffer;
}

export type PutFileResult = 'created' | 'exists' | 'conflict';

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
      })
      .from(files)
      .where(eq(files.id, id));
    return row;
  }

  return {
    get,

    /**
     * Stores a file under its client-made id, once. Sending the same bytes again under the same id by the
     * same owner is a harmless retry ('exists'); anything else under a taken id is a 'conflict'.
     */
    async put(file: Omit<StoredFile, 'size'>): Promise<PutFileResult> {
      const [row] = await db
        .insert(files)
        .values({ ...file, size: file.data.length })
        .onConflictDoNothing({ target: files.id })
        .returning({ id: files.id });
      if (row) return 'created';
      const existing = await get(file.id);
      const same =
        existing && existing.ownerId === file.ownerId && existing.kind === file.kind && existing.data.equals(file.data);
      return same ? 'exists' : 'conflict';
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
        .where(
          and(
            isNull(files.reportId),
            ne(files.kind, 'pdf'),
            lt(files.createdAt, opts.olderThan),
            notExists(referencedByDraft),
          ),
        )
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
