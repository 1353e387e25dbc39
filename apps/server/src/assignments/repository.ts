import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MyAssignment, PackIssue, PropertyStatus, ReviewState } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { statement } from '../db/statements.js';
import { assignments, properties, siteMembers, users } from '../db/schema.js';
import { chunks, containsIgnoringCase } from '../repositories/sql-helpers.js';
import { statusCase } from '../properties/status-queries.js';
import { packIdentitySql, recordedIdentity } from '../properties/pack-identity.js';

/** Which properties an assignment covers: a list of ids, or every property of the site matching a filter. */
export type AssignTarget = { propertyIds: string[] } | { filter: { q?: string; propertyType?: string } };

/** The most assignments one engineer's list answers (nearest due first). */
const MAX_MY_ASSIGNMENTS = 1000;

/** The engineer's assigned properties whose latest report is not approved, nearest due date first. */
const myAssignments = statement<
  {
    property_id: string;
    site_id: string;
    site_name: string;
    address: string;
    property_type: string;
    due_date: string | null;
    assigned_at: Date | string;
    review_state: ReviewState | null;
    latest_report_id: string | null;
    overall_status: 'PASS' | 'FAIL' | 'PENDING' | null;
    review_reason: string | null;
    review_fields: string[] | null;
    latest_report_at: Date | string | null;
    latest_hiu_model: string | null;
    latest_hiu_serial: string | null;
    issues: PackIssue[] | null;
    identity: Record<string, string | null> | null;
    status: PropertyStatus;
  },
  'engineerId'
>(
  'my_assignments',
  sql`
  SELECT a.property_id, a.site_id, s.name AS site_name, p.address, p.property_type,
    a.due_date::text AS due_date, a.assigned_at, lr.review_state, lr.id AS latest_report_id,
    lr.overall_status, lr.review_reason, lr.review_fields, lr.completed_at AS latest_report_at,
    lr.hiu_model AS latest_hiu_model, lr.hiu_serial AS latest_hiu_serial, lr.issues, lr.identity,
    ${statusCase(sql`ld.saved`, sql`lr.completed_at`, sql`lr.overall_status`)} AS status
  FROM assignments a
  JOIN properties p ON p.id = a.property_id
  JOIN sites s ON s.id = a.site_id
  LEFT JOIN LATERAL (
    SELECT r.id, r.review_state, r.completed_at, r.overall_status, r.review_reason, r.review_fields,
      r.hiu_model, r.hiu_serial, CASE WHEN r.pack_id <> 'standard' THEN r.wizard_data->'cp1'->'issues' END AS issues,
      ${packIdentitySql} AS identity
    FROM reports r
    WHERE r.property_id = p.id ORDER BY r.completed_at DESC, r.id DESC LIMIT 1
  ) lr ON true
  LEFT JOIN LATERAL (SELECT max(d.last_saved) AS saved FROM drafts d WHERE d.property_id = p.id) ld ON true
  WHERE a.engineer_id = ${sql.placeholder('engineerId')}::uuid AND (lr.review_state IS NULL OR lr.review_state <> 'approved')
    AND EXISTS (SELECT 1 FROM site_members m WHERE m.site_id = a.site_id AND m.user_id = a.engineer_id)
  ORDER BY a.due_date NULLS LAST, p.address_key, p.id
  LIMIT ${sql.raw(String(MAX_MY_ASSIGNMENTS))}`,
);

export function assignmentsRepository(db: Db) {
  return {
    /** Whether the user is an active engineer and a member of the site (who may be assigned there). */
    async isEngineerOf(siteId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(siteMembers)
        .innerJoin(users, eq(users.id, siteMembers.userId))
        .where(
          and(
            eq(siteMembers.siteId, siteId),
            eq(siteMembers.userId, userId),
            eq(users.role, 'engineer'),
            eq(users.active, true),
          ),
        );
      return rows.length > 0;
    },

    /** The active engineer members of the site with these emails (lower-cased), by email. */
    async engineersByEmail(siteId: string, emails: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const part of chunks([...new Set(emails)], 1000)) {
        const rows = await db
          .select({ id: users.id, email: users.email })
          .from(siteMembers)
          .innerJoin(users, eq(users.id, siteMembers.userId))
          .where(
            and(
              eq(siteMembers.siteId, siteId),
              inArray(sql`lower(${users.email})`, part),
              eq(users.role, 'engineer'),
              eq(users.active, true),
            ),
          );
        for (const r of rows) found.set(r.email.toLowerCase(), r.id);
      }
      return found;
    },

    /** Inserts the assignments of newly imported properties (their import's "Assigned To" column). */
    async insertNew(rows: { propertyId: string; siteId: string; engineerId: string; assignedBy: string | null }[]) {
      for (const part of chunks(rows, 5000)) if (part.length) await db.insert(assignments).values(part);
    },

    /**
     * The ids of the target properties on the site; with a list of ids, those of them that are not properties
     * of the site as `unknown`.
     */
    async targetIds(siteId: string, target: AssignTarget): Promise<{ ids: string[] } | { unknown: string[] }> {
      if ('propertyIds' in target) {
        const wanted = [...new Set(target.propertyIds.map((id) => id.toLowerCase()))];
        const found = new Set<string>();
        for (const part of chunks(wanted, 1000)) {
          const rows = await db
            .select({ id: properties.id })
            .from(properties)
            .where(and(eq(properties.siteId, siteId), inArray(properties.id, part)));
          for (const r of rows) found.add(r.id);
        }
        const unknown = wanted.filter((id) => !found.has(id));
        return unknown.length ? { unknown } : { ids: wanted };
      }
      const { q, propertyType } = target.filter;
      const where: SQL | undefined = and(
        eq(properties.siteId, siteId),
        q ? containsIgnoringCase(sql`${properties.address}`, q) : undefined,
        propertyType ? sql`lower(${properties.propertyType}) = lower(${propertyType})` : undefined,
      );
      return { ids: (await db.select({ id: properties.id }).from(properties).where(where)).map((r) => r.id) };
    },

    /**
     * Assigns these properties (at most a thousand) to the engineer, replacing earlier assignments, and answers
     * what each was before, or undefined when the engineer is not an active engineer member of the site (then
     * nothing is assigned: the membership is part of the INSERT itself, so an engineer taken off the site at the
     * same moment is never assigned).
     */
    async assignPart(
      input: { siteId: string; engineerId: string; dueDate: string | null; assignedBy: string | null },
      part: string[],
    ): Promise<Map<string, { engineerId: string; dueDate: string | null }> | undefined> {
      const before = await db
        .select({
          propertyId: assignments.propertyId,
          engineerId: assignments.engineerId,
          dueDate: assignments.dueDate,
        })
        .from(assignments)
        .where(inArray(assignments.propertyId, part))
        .for('update');
      const { rows } = (await db.execute(sql`
        INSERT INTO ${assignments} (property_id, site_id, engineer_id, due_date, assigned_by, assigned_at)
        SELECT p.id, p.site_id, ${input.engineerId}::uuid, ${input.dueDate}::date, ${input.assignedBy}::uuid, now()
        FROM ${properties} p
        WHERE p.site_id = ${input.siteId}::uuid AND p.id = ANY(${sql.param(part)}::uuid[])
          AND EXISTS (SELECT 1 FROM ${siteMembers} m JOIN ${users} u ON u.id = m.user_id
            WHERE m.site_id = ${input.siteId}::uuid AND m.user_id = ${input.engineerId}::uuid
              AND u.role = 'engineer' AND u.active)
        ON CONFLICT (property_id) DO UPDATE SET engineer_id = excluded.engineer_id,
          due_date = excluded.due_date, assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at
        RETURNING property_id`)) as unknown as { rows: { property_id: string }[] };
      if (rows.length < part.length) return undefined;
      return new Map(before.map((b) => [b.propertyId, { engineerId: b.engineerId, dueDate: b.dueDate }]));
    },

    /** Takes these properties of the site off whoever had them; answers who had which. */
    async unassign(siteId: string, propertyIds: string[]) {
      const removed: { propertyId: string; engineerId: string; dueDate: string | null }[] = [];
      for (const part of chunks([...new Set(propertyIds.map((id) => id.toLowerCase()))], 1000)) {
        removed.push(
          ...(await db
            .delete(assignments)
            .where(and(eq(assignments.siteId, siteId), inArray(assignments.propertyId, part)))
            .returning({
              propertyId: assignments.propertyId,
              engineerId: assignments.engineerId,
              dueDate: assignments.dueDate,
            })),
        );
      }
      return removed;
    },

    /** The engineer's assigned properties whose latest report is not approved, nearest due date first. */
    async forEngineer(engineerId: string): Promise<MyAssignment[]> {
      const rows = await myAssignments.run(db, { engineerId });
      return rows.map((r) => ({
        propertyId: r.property_id,
        siteId: r.site_id,
        siteName: r.site_name,
        address: r.address,
        propertyType: r.property_type,
        dueDate: r.due_date,
        assignedAt: new Date(r.assigned_at).toISOString(),
        status: r.status,
        reviewState: r.review_state,
        latestReportId: r.latest_report_id,
        overallStatus: r.overall_status,
        reviewReason: r.review_state === 'sent_back' ? r.review_reason : null,
        reviewFields: r.review_state === 'sent_back' ? (r.review_fields ?? []) : [],
        latestReportAt: r.latest_report_at === null ? null : new Date(r.latest_report_at).toISOString(),
        latestHiuModel: r.latest_hiu_model,
        latestHiuSerial: r.latest_hiu_serial,
        ...(r.issues ? { openIssues: r.issues.filter((i) => !i.resolved) } : {}),
        ...(r.identity ? { latestPackIdentity: recordedIdentity(r.identity) } : {}),
      }));
    },

    /** The site's active engineers, by name. */
    async engineersOf(siteId: string) {
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(siteMembers)
        .innerJoin(users, eq(users.id, siteMembers.userId))
        .where(and(eq(siteMembers.siteId, siteId), eq(users.role, 'engineer'), eq(users.active, true)))
        .orderBy(users.name, users.id);
    },

    /** Who has each of these properties of the site. */
    async ofProperties(siteId: string, propertyIds: string[]) {
      const rows = await db
        .select({
          propertyId: assignments.propertyId,
          engineerId: assignments.engineerId,
          engineerName: users.name,
          dueDate: assignments.dueDate,
        })
        .from(assignments)
        .innerJoin(users, eq(users.id, assignments.engineerId))
        .where(and(eq(assignments.siteId, siteId), inArray(assignments.propertyId, propertyIds)));
      return rows;
    },
  };
}
export type AssignmentsRepository = ReturnType<typeof assignmentsRepository>;
