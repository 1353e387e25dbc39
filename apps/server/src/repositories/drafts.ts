import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Draft, WizardData } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { drafts, properties, sites } from '../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  };
}

export interface SaveDraftInput {
  id: string;
  userId: string;
  siteId: string;
  propertyId: string;
  currentStep: string;
  wizardData: WizardData;
}

export function draftsRepository(db: Db) {
  return {
    /**
     * Insert or update by the client-made id, in one statement. A site or property that is empty, malformed
     * or gone is stored as null rather than failing the save; a property only counts with its own site.
     * Returns undefined when the id belongs to another user's draft (the update is refused by the WHERE).
     */
    async save(input: SaveDraftInput): Promise<{ id: string; lastSaved: string } | undefined> {
      const siteId = UUID.test(input.siteId) ? input.siteId : null;
      const propertyId = siteId && UUID.test(input.propertyId) ? input.propertyId : null;
      const siteRef = siteId ? sql`(SELECT ${sites.id} FROM ${sites} WHERE ${sites.id} = ${siteId})` : null;
      const propertyRef = propertyId
        ? sql`(SELECT ${properties.id} FROM ${properties} WHERE ${properties.id} = ${propertyId} AND ${properties.siteId} = ${siteId})`
        : null;
      const values = {
        id: input.id,
        userId: input.userId,
        siteId: siteRef,
        propertyId: propertyRef,
        currentStep: input.currentStep,
        wizardData: input.wizardData,
        lastSaved: sql`now()`,
      };
      const [row] = await db
        .insert(drafts)
        // drizzle types the columns as values; the sub-selects are SQL, which it accepts at runtime.
        .values(values as unknown as typeof drafts.$inferInsert)
        .onConflictDoUpdate({
          target: drafts.id,
          set: {
            siteId: sql`excluded.site_id`,
            propertyId: sql`excluded.property_id`,
            currentStep: sql`excluded.current_step`,
            wizardData: sql`excluded.wizard_data`,
            lastSaved: sql`excluded.last_saved`,
          },
          setWhere: eq(drafts.userId, input.userId),
        })
        .returning({ id: drafts.id, lastSaved: drafts.lastSaved });
      return row && { id: row.id, lastSaved: row.lastSaved.toISOString() };
    },

    /** The user's drafts saved on the same London calendar day as `now`, newest first. */
    async listForDay(userId: string, now: Date = new Date()): Promise<Draft[]> {
      const at = now.toISOString();
      const dayStart = sql`(date_trunc('day', ${at}::timestamptz AT TIME ZONE ${DAY_ZONE}) AT TIME ZONE ${DAY_ZONE})`;
      const dayEnd = sql`((date_trunc('day', ${at}::timestamptz AT TIME ZONE ${DAY_ZONE}) + interval '1 day') AT TIME ZONE ${DAY_ZONE})`;
      const rows = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.userId, userId), gte(drafts.lastSaved, dayStart), lt(drafts.lastSaved, dayEnd)))
        .orderBy(desc(drafts.lastSaved), desc(drafts.id))
        .limit(200);
      return rows.map(toDraft);
    },

    async byIdForUser(id: string, userId: string): Promise<Draft | undefined> {
      const [row] = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
      return row && toDraft(row);
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
