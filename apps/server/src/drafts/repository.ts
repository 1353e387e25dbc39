import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Draft, PropertyDraft, PropertyWork, WizardData } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { drafts, properties, reports, sites, users } from '../db/schema.js';
import { draftCounts } from '../properties/status-queries.js';
import { UUID_PATTERN as UUID } from '@hiu/domain';

/** A page of the drafts list: at most `limit`, after the draft `before` (newest first). */
export interface DraftPage {
  limit: number;
  before?: { lastSaved: string; id: string };
}

/** The day a draft list covers is the engineer's day in the UK, whatever the server's zone. */
const DAY_ZONE = 'Europe/London';

function toDraft(row: typeof drafts.$inferSelect): Draft {
  return {
    id: row.id,
    siteId: row.siteId ?? '',
    propertyId: row.propertyId ?? '',
    currentStep: row.currentStep,
    lastSaved: row.lastSaved.toISOString(),
    wizardData: row.wizardData,
    notes: row.notes,
    version: row.version,
  };
}

export interface SaveDraftInput {
  id: string;
  userId: string;
  siteId: string;
  propertyId: string;
  currentStep: string;
  wizardData: WizardData;
  notes: string;
  version: number;
}

/** What a save did: stored, refused for a newer stored copy (returned), or refused as another user's draft. */
export type SaveDraftOutcome =
  { saved: { id: string; lastSaved: string; version: number } } | { newer: Draft } | { forbidden: true };

/**
 * Insert or update by the client-made id, in one statement built once (the most frequent write: every
 * engineer saves every few seconds), so a save neither builds SQL nor, on PostgreSQL, has it parsed and
 * planned again. A site or property that is gone is stored as null; a property only counts with its own
 * site. The update is refused by the WHERE when the id belongs to another user's draft, and when the stored
 * copy is newer: only a higher version replaces it, decided by the row lock the upsert takes,
 * so of two saves racing the higher always stands. The same version with the same content is a retry and is
 * taken again; 0 is a save that knows no version, taken only over a stored copy that has none either.
 */
function prepareSave(db: Db) {
  const siteId = sql.placeholder('siteId');
  const propertyId = sql.placeholder('propertyId');
  const values = {
    id: sql.placeholder('id'),
    userId: sql.placeholder('userId'),
    siteId: sql`(SELECT ${sites.id} FROM ${sites} WHERE ${sites.id} = ${siteId})`,
    propertyId: sql`(SELECT ${properties.id} FROM ${properties} WHERE ${properties.id} = ${propertyId} AND ${properties.siteId} = ${siteId})`,
    currentStep: sql.placeholder('currentStep'),
    wizardData: sql`${sql.placeholder('wizardData')}::json`,
    notes: sql.placeholder('notes'),
    lastSaved: sql`now()`,
    version: sql`${sql.placeholder('version')}::integer`,
    createdAt: sql`now()`,
  };
  return (
    db
      .insert(drafts)
      // drizzle types the columns as values; placeholders and sub-selects are SQL, which it accepts at runtime.
      .values(values as unknown as typeof drafts.$inferInsert)
      .onConflictDoUpdate({
        target: drafts.id,
        set: {
          siteId: sql`excluded.site_id`,
          propertyId: sql`excluded.property_id`,
          currentStep: sql`excluded.current_step`,
          wizardData: sql`excluded.wizard_data`,
          notes: sql`excluded.notes`,
          lastSaved: sql`excluded.last_saved`,
          version: sql`excluded.version`,
        },
        setWhere: sql`${drafts.userId} = excluded.user_id AND (
          ${drafts.version} < excluded.version
          OR (${drafts.version} = 0 AND excluded.version = 0)
          OR (${drafts.version} = excluded.version AND ${drafts.currentStep} = excluded.current_step
              AND ${drafts.wizardData}::text = excluded.wizard_data::text AND ${drafts.notes} = excluded.notes))`,
      })
      .returning({ id: drafts.id, lastSaved: drafts.lastSaved, version: drafts.version })
      .prepare('save_draft')
  );
}

export function draftsRepository(db: Db) {
  const saveStatement = prepareSave(db);
  return {
    /** Saves a draft (see prepareSave), or says why not: a newer stored copy, or another user's draft. */
    async save(input: SaveDraftInput): Promise<SaveDraftOutcome> {
      // An empty or malformed site or property id is stored as null rather than failing the save.
      const siteId = UUID.test(input.siteId) ? input.siteId : null;
      const params = {
        id: input.id,
        userId: input.userId,
        siteId,
        propertyId: siteId && UUID.test(input.propertyId) ? input.propertyId : null,
        currentStep: input.currentStep,
        wizardData: JSON.stringify(input.wizardData),
        notes: input.notes,
        version: input.version,
      };
      // A refused save reads the row that refused it; one deleted in between (the report removed it) is saved again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const [row] = await saveStatement.execute(params);
        if (row) return { saved: { id: row.id, lastSaved: row.lastSaved.toISOString(), version: row.version } };
        const [stored] = await db.select().from(drafts).where(eq(drafts.id, input.id));
        if (!stored) continue;
        return stored.userId === input.userId ? { newer: toDraft(stored) } : { forbidden: true };
      }
      throw new Error('draft save neither stored nor refused');
    },

    /**
     * The user's drafts saved on the same London calendar day as `now`, newest first, a page at a time: those
     * after `before` (the last one of the previous page). Ordered by the time to the millisecond, as the list
     * shows it, so a page's last draft is an exact place to go on from.
     */
    async listForDay(userId: string, now: Date = new Date(), page: DraftPage = { limit: 200 }): Promise<Draft[]> {
      const at = now.toISOString();
      const dayStart = sql`(date_trunc('day', ${at}::timestamptz AT TIME ZONE ${DAY_ZONE}) AT TIME ZONE ${DAY_ZONE})`;
      const dayEnd = sql`((date_trunc('day', ${at}::timestamptz AT TIME ZONE ${DAY_ZONE}) + interval '1 day') AT TIME ZONE ${DAY_ZONE})`;
      const saved = sql`date_trunc('milliseconds', ${drafts.lastSaved})`;
      const after = page.before
        ? sql`(${saved}, ${drafts.id}) < (${page.before.lastSaved}::timestamptz, ${page.before.id}::uuid)`
        : undefined;
      const rows = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.userId, userId), gte(drafts.lastSaved, dayStart), lt(drafts.lastSaved, dayEnd), after))
        .orderBy(desc(saved), desc(drafts.id))
        .limit(page.limit);
      return rows.map(toDraft);
    },

    /** When the server first had the user's draft; null when it is gone, another's, or saved before this was kept. */
    async createdAt(id: string, userId: string): Promise<Date | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select({ createdAt: drafts.createdAt })
        .from(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
      return row?.createdAt ?? null;
    },

    async byIdForUser(id: string, userId: string): Promise<Draft | undefined> {
      const [row] = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
      return row && toDraft(row);
    },

    /**
     * A property's drafts, anyone's, newest first, each marked whether it makes the property "In progress"
     * (the rule of properties/status-queries.ts).
     */
    async listForProperty(propertyId: string): Promise<PropertyDraft[]> {
      const latestReport = sql`(SELECT max(${reports.completedAt}) FROM ${reports} WHERE ${reports.propertyId} = ${propertyId})`;
      const rows = await db
        .select({
          id: drafts.id,
          engineerName: users.name,
          currentStep: drafts.currentStep,
          lastSaved: drafts.lastSaved,
          inProgress: sql<boolean>`${draftCounts(sql`${drafts.lastSaved}`, latestReport)}`,
        })
        .from(drafts)
        .innerJoin(users, eq(users.id, drafts.userId))
        .where(eq(drafts.propertyId, propertyId))
        .orderBy(desc(drafts.lastSaved), desc(drafts.id))
        .limit(100);
      return rows.map((r) => ({ ...r, lastSaved: r.lastSaved.toISOString(), inProgress: Boolean(r.inProgress) }));
    },

    /** The property's checks in progress (drafts newer than its latest report): the user's, and others'. */
    async workInProgress(propertyId: string, userId: string): Promise<PropertyWork> {
      const latestReport = sql`(SELECT max(${reports.completedAt}) FROM ${reports} WHERE ${reports.propertyId} = ${propertyId})`;
      const rows = await db
        .select({
          id: drafts.id,
          userId: drafts.userId,
          engineerName: users.name,
          currentStep: drafts.currentStep,
          lastSaved: drafts.lastSaved,
          startedAt: drafts.createdAt,
        })
        .from(drafts)
        .innerJoin(users, eq(users.id, drafts.userId))
        .where(and(eq(drafts.propertyId, propertyId), draftCounts(sql`${drafts.lastSaved}`, latestReport)))
        .orderBy(desc(drafts.lastSaved), desc(drafts.id))
        .limit(50);
      const times = (r: (typeof rows)[number]) => ({
        currentStep: r.currentStep,
        lastSaved: r.lastSaved.toISOString(),
        startedAt: r.startedAt?.toISOString() ?? null,
      });
      return {
        mine: rows.filter((r) => r.userId === userId).map((r) => ({ id: r.id, ...times(r) })),
        others: rows.filter((r) => r.userId !== userId).map((r) => ({ engineerName: r.engineerName, ...times(r) })),
      };
    },

    /**
     * Deletes one of the property's drafts and answers whose it was, at which step and when last saved (never its
     * readings); undefined when it is not one of the property's drafts.
     */
    async deleteForProperty(id: string, propertyId: string) {
      const [was] = await db
        .delete(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.propertyId, propertyId)))
        .returning({
          userId: drafts.userId,
          siteId: drafts.siteId,
          currentStep: drafts.currentStep,
          lastSaved: drafts.lastSaved,
        });
      if (!was) return undefined;
      const [engineer] = await db.select({ name: users.name }).from(users).where(eq(users.id, was.userId));
      return { ...was, engineerName: engineer?.name ?? '' };
    },

    /** Deletes the user's own draft; false when there was none (or it is someone else's). */
    async deleteForUser(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
        .returning({ id: drafts.id });
      return rows.length > 0;
    },
  };
}
export type DraftsRepository = ReturnType<typeof draftsRepository>;
