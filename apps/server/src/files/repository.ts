import { and, eq, inArray, isNull, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { drafts, fileUploadPieces, files, users } from '../db/schema.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';
import { sha256Of } from './object-store.js';

export type FileKind = (typeof files.$inferSelect)['kind'];

export interface StoredFile {
  id: string;
  ownerId: string | null;
  kind: FileKind;
  contentType: string;
  size: number;
  /** The bytes while they are in the database; null once they are in the object store. */
  data: Buffer | null;
  /** SHA-256 of the bytes (hex); null only for files stored before hashes were kept. */
  sha256: string | null;
  location: FileLocation;
  /** The report that claims it, once filed. */
  reportId?: string | null;
}

export type FileLocation = (typeof files.$inferSelect)['location'];

/** A new upload: its bytes are written to the database first, so it is durable before any store is asked. */
export interface NewFile {
  id: string;
  ownerId: string | null;
  kind: FileKind;
  contentType: string;
  data: Buffer;
  /** Worked out from `data` when not given. */
  sha256?: string;
}

export type PutFileResult = 'created' | 'exists' | 'conflict';

/** An upload whose bytes are not in hand (streamed): what is known of them once they have all arrived. */
export interface ReceivedFile extends Omit<NewFile, 'data' | 'sha256'> {
  size: number;
  sha256: string;
}

/** A file the server makes itself (a report PDF, an evidence pack's summary, CSV or dwellings.json). */
export interface ServerFile {
  id: string;
  ownerId: string | null;
  kind: Extract<FileKind, 'pdf' | 'pack'>;
  contentType: string;
  data: Buffer;
}

/** Its `files` row as it is written: the bytes in the row, or only their hash when the object store holds them. */
export interface ServerFileRow extends Omit<ServerFile, 'data'> {
  size: number;
  sha256: string;
  location: FileLocation;
  data: Buffer | null;
}

/** A stored row's bytes and where they are. */
export interface StoredBytes {
  id: string;
  data: Buffer | null;
  sha256: string | null;
  location: FileLocation;
}

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

/** A file's row without its bytes: what `describe` reads, and `get` and `toMove` with the bytes. */
const rowColumns = {
  id: files.id,
  ownerId: files.ownerId,
  kind: files.kind,
  contentType: files.contentType,
  size: files.size,
  sha256: files.sha256,
  location: files.location,
  reportId: files.reportId,
};

export function filesRepository(db: Db) {
  async function get(id: string): Promise<StoredFile | undefined> {
    const [row] = await db
      .select({ ...rowColumns, data: files.data })
      .from(files)
      .where(eq(files.id, id));
    return row;
  }

  /** Whether the file stored under `id` is this one (a harmless retry) rather than another (a conflict). */
  async function sameAs(file: Omit<ReceivedFile, 'size'>, data?: Buffer): Promise<'exists' | 'conflict'> {
    const existing = await get(file.id);
    const sameBytes = existing?.sha256 ? existing.sha256 === file.sha256 : !!(data && existing?.data?.equals(data));
    const same = existing && existing.ownerId === file.ownerId && existing.kind === file.kind && sameBytes;
    return same ? 'exists' : 'conflict';
  }

  return {
    get,
    sameAs,

    /**
     * Stores a file under its client-made id, once. Sending the same bytes again under the same id by the
     * same owner is a harmless retry ('exists'); anything else under a taken id is a 'conflict'.
     */
    async put(given: NewFile): Promise<PutFileResult> {
      const file = { ...given, sha256: given.sha256 ?? sha256Of(given.data) };
      const [row] = await db
        .insert(files)
        .values({ ...file, size: file.data.length })
        .onConflictDoNothing({ target: files.id })
        .returning({ id: files.id });
      return row ? 'created' : sameAs(file, file.data);
    },

    /** Stores the row of an upload whose bytes the object store holds under its hash, once, like `put`. */
    async putInStore(file: ReceivedFile): Promise<PutFileResult> {
      const [row] = await db
        .insert(files)
        .values({ ...file, location: 's3', data: null })
        .onConflictDoNothing({ target: files.id })
        .returning({ id: files.id });
      return row ? 'created' : sameAs(file);
    },

    /** Keeps one piece of an upload under way (a statement of its own: the upload is not a file yet). */
    async putPiece(piece: { uploadId: string; fileId: string; seq: number; data: Buffer }): Promise<void> {
      await db.insert(fileUploadPieces).values(piece);
    },

    /**
     * Stores an upload kept in pieces as one file, like `put`, its bytes joined by the database (so the server
     * never holds them whole); the pieces are then deleted.
     */
    async putFromPieces(uploadId: string, file: ReceivedFile): Promise<PutFileResult> {
      // Both drivers (PGlite and node-postgres) answer with `{ rows }`.
      const inserted = (await db.execute(sql`
        INSERT INTO ${files} (id, owner_id, kind, content_type, size, sha256, location, data)
        SELECT ${file.id}::uuid, ${file.ownerId}::uuid, ${file.kind}, ${file.contentType}, ${file.size}::int,
          ${file.sha256}, 'database', string_agg(${fileUploadPieces.data}, ''::bytea ORDER BY ${fileUploadPieces.seq})
        FROM ${fileUploadPieces} WHERE ${fileUploadPieces.uploadId} = ${uploadId}
        ON CONFLICT (id) DO NOTHING
        RETURNING id`)) as { rows: unknown[] };
      const row = inserted.rows[0];
      await db.delete(fileUploadPieces).where(eq(fileUploadPieces.uploadId, uploadId));
      return row ? 'created' : sameAs(file);
    },

    /** Deletes what is kept of an upload that was refused or cut off. */
    async dropPieces(uploadId: string): Promise<void> {
      await db.delete(fileUploadPieces).where(eq(fileUploadPieces.uploadId, uploadId));
    },

    /** Deletes the pieces of uploads begun before `olderThan` that were never finished (their server stopped). */
    async dropPiecesOlderThan(olderThan: Date): Promise<number> {
      const rows = await db
        .delete(fileUploadPieces)
        .where(lt(fileUploadPieces.createdAt, olderThan))
        .returning({ seq: fileUploadPieces.seq });
      return rows.length;
    },

    /** Holds the owner's row until the transaction ends, so their uploads are counted one after another. */
    async lockOwner(ownerId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
    },

    /** The owner's photos and signatures that no report has claimed. */
    async unclaimedOf(ownerId: string): Promise<UnclaimedUploads> {
      const [held] = await db
        .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
        .from(files)
        .where(and(eq(files.ownerId, ownerId), unclaimed));
      return { count: Number(held?.count ?? 0), bytes: Number(held?.bytes ?? 0) };
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
    async deleteOrphans(opts: {
      olderThan: Date;
      limit?: number;
    }): Promise<{ id: string; sha256: string | null; location: FileLocation }[]> {
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
      return db
        .delete(files)
        .where(inArray(files.id, orphans))
        .returning({ id: files.id, sha256: files.sha256, location: files.location });
    },

    /**
     * Marks a file's bytes as held by the object store and drops the database's copy, if the file is still there
     * with the same hash (a clean-up or a concurrent move may have got to it first). True when it was marked.
     */
    async markInStore(id: string, sha256: string): Promise<boolean> {
      const rows = await db
        .update(files)
        .set({ location: 's3', data: null })
        .where(and(eq(files.id, id), eq(files.sha256, sha256), eq(files.location, 'database')))
        .returning({ id: files.id });
      return rows.length > 0;
    },

    /** Where a file's bytes are and how many there are, without reading them (a streamed download). */
    async whereIs(id: string): Promise<(Omit<StoredBytes, 'data'> & { size: number }) | undefined> {
      const [row] = await db
        .select({ id: files.id, size: files.size, sha256: files.sha256, location: files.location })
        .from(files)
        .where(eq(files.id, id));
      return row;
    },

    /** A file's row without its bytes: a download streams them (`fileStream`) rather than reading them whole. */
    async describe(id: string): Promise<Omit<StoredFile, 'data'> | undefined> {
      const [row] = await db.select(rowColumns).from(files).where(eq(files.id, id));
      return row;
    },

    /** `length` bytes of a file held by the database from `offset`: a large one is sent a piece at a time. */
    async bytesAt(id: string, offset: number, length: number): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ part: sql<Uint8Array | null>`substring(${files.data} from ${offset + 1} for ${length})` })
        .from(files)
        .where(and(eq(files.id, id), eq(files.location, 'database')));
      const part = row?.part;
      if (!part) return undefined;
      return Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    },

    /** Brings a file's bytes back into the database (a move to the database), after they were checked. */
    async markInDatabase(id: string, sha256: string, data: Buffer): Promise<boolean> {
      const rows = await db
        .update(files)
        .set({ location: 'database', data })
        .where(and(eq(files.id, id), eq(files.sha256, sha256), eq(files.location, 's3')))
        .returning({ id: files.id });
      return rows.length > 0;
    },

    /**
     * The next files to move out of `from`, after `afterId` in id order (so a run walks the table once and a
     * file that cannot be moved now is not met again): uploads, report PDFs and packs' files alike.
     */
    async toMove(from: FileLocation, afterId: string, limit: number): Promise<StoredFile[]> {
      return db
        .select({ ...rowColumns, data: files.data })
        .from(files)
        .where(and(eq(files.location, from), sql`${files.id} > ${afterId}::uuid`))
        .orderBy(files.id)
        .limit(limit);
    },

    /** How many files, and how many bytes of them, are in `location`. */
    async countIn(location: FileLocation): Promise<{ count: number; bytes: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
        .from(files)
        .where(eq(files.location, location));
      return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
    },

    /** Records the hash of a file stored before hashes were kept. */
    async setHash(id: string, sha256: string): Promise<void> {
      await db
        .update(files)
        .set({ sha256 })
        .where(and(eq(files.id, id), isNull(files.sha256)));
    },

    /**
     * Holds the object of this hash until the transaction ends: deleting an object no file names and naming it
     * from a file take turns, so a file is never named in the store while its object is being deleted.
     */
    async lockObject(sha256: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`file-object:${sha256}`}, 0))`);
    },

    /** Whether any file still names this hash in the store (objects are shared by content). */
    async storeHolds(sha256: string): Promise<boolean> {
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.sha256, sha256), eq(files.location, 's3')))
        .limit(1);
      return !!row;
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
