import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { files } from '../db/schema.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
