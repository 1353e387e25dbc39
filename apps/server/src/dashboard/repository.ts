import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import {
  currentTestPack,
  distributionReadings,
  type DashboardFlat,
  type DashboardQuery,
  type DashboardReport,
  type DesignParameters,
  type TestPackId,
} from '@hiu/domain';
import type { Db } from '../db/client.js';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Flats whose reports are read at a time: each page a few milliseconds, even on the embedded database. */
const PAGE = 50;

/** The parts of a check the dashboard reads; json, not jsonb, so each is picked here rather than by SQL. */
type Stored = {
  heatingMode?: { primaryReturn?: string };
  dhwChecks?: { primaryReturn?: string; dhwKitchenTap?: string; fortyFiveSeconds?: string };
  standbyMode?: { returnTemp?: string };
  cp1?: { issues?: DashboardReport['issues'] } & Record<string, unknown>;
};

interface ReportRow {
  id: string;
  property_id: string | null;
  user_id: string | null;
  engineer_name: string;
  completed_at: Date | string;
  overall_status: DashboardReport['overallStatus'];
  review_state: DashboardReport['reviewState'];
  reviewed_at: Date | string | null;
  failure_reasons: string[];
  wizard_data: Stored | string;
}

/** The checklist's drawn readings, and the test pack's (`cp1.<key>`) that `packKeys` names. */
const readingsOf = (w: Stored, packKeys: readonly string[]): Pick<DashboardReport, 'readings' | 'issues'> => {
  const readings: DashboardReport['readings'] = {
    heatingPrimaryReturn: w.heatingMode?.primaryReturn ?? '',
    dhwPrimaryReturn: w.dhwChecks?.primaryReturn ?? '',
    standbyReturnTemp: w.standbyMode?.returnTemp ?? '',
    dhwKitchenTap: w.dhwChecks?.dhwKitchenTap ?? '',
    fortyFiveSeconds: w.dhwChecks?.fortyFiveSeconds ?? '',
  };
  for (const key of packKeys) {
    const value = w.cp1?.[key];
    if (typeof value === 'string') readings[`cp1.${key}`] = value;
  }
  return { readings, ...(w.cp1?.issues ? { issues: w.cp1.issues } : {}) };
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** What the site dashboard is computed from (by the domain): the site's flats and its reports in the filters. */
export function dashboardRepository(db: Db) {
  return {
    /** `pause` runs before each page of reports: a large site's read lets other requests in on the way. */
    async data(
      siteId: string,
      q: DashboardQuery,
      pause: () => Promise<unknown> = nextTurn,
    ): Promise<{
      designParameters: DesignParameters | null;
      testPack: TestPackId;
      flats: DashboardFlat[];
      reports: DashboardReport[];
    }> {
      const [site] = await rows<{ design_parameters: DesignParameters | null; test_pack: TestPackId }>(
        db,
        sql`SELECT design_parameters, test_pack FROM sites WHERE id = ${siteId}`,
      );
      // Filtered by an engineer, the flats that engineer worked (a report or a check under way), each by that
      // engineer's own work (docs/product.md#dashboard).
      const byEngineer = q.engineerId ? sql` AND d.user_id = ${q.engineerId}` : sql``;
      const flats = await rows<{
        id: string;
        address: string;
        block: string;
        floor: string;
        property_type: string;
        draft_saved_at: Date | string | null;
      }>(
        db,
        sql`SELECT p.id, p.address, p.block, p.floor, p.property_type,
            (SELECT max(d.last_saved) FROM drafts d WHERE d.property_id = p.id${byEngineer}) AS draft_saved_at
          FROM properties p WHERE p.site_id = ${siteId}${q.block !== undefined ? sql` AND p.block = ${q.block}` : sql``}
          ${q.floor !== undefined ? sql`AND p.floor = ${q.floor}` : sql``}
          ${
            q.engineerId
              ? sql`AND (EXISTS (SELECT 1 FROM reports r WHERE r.property_id = p.id AND r.user_id = ${q.engineerId})
                  OR EXISTS (SELECT 1 FROM drafts d WHERE d.property_id = p.id${byEngineer}))`
              : sql``
          }`,
      );
      // The reports of those flats, fifty flats at a time (the site-and-flat index finds each page's rows alone).
      const reports: ReportRow[] = [];
      for (let i = 0; i < flats.length; i += PAGE) {
        await pause();
        const ids = flats.slice(i, i + PAGE).map((f) => sql`${f.id}::uuid`);
        reports.push(
          ...(await rows<ReportRow>(
            db,
            sql`SELECT id, property_id, user_id, engineer_name, completed_at, overall_status, review_state, reviewed_at,
                failure_reasons, wizard_data
              FROM reports
              WHERE site_id = ${siteId} AND property_id IN (${sql.join(ids, sql`, `)})
                ${q.from ? sql`AND completed_at >= ${`${q.from}T00:00:00Z`}` : sql``}
                ${q.to ? sql`AND completed_at < ${nextDay(q.to)}` : sql``}
                ${q.engineerId ? sql`AND user_id = ${q.engineerId}` : sql``}`,
          )),
        );
      }
      const iso = (v: Date | string) => new Date(v).toISOString();
      // The site's test pack's drawn readings, picked from each report's pack data by their key.
      const packKeys = distributionReadings(currentTestPack(site?.test_pack ?? 'standard'))
        .filter((r) => r.id.startsWith('cp1.'))
        .map((r) => r.id.slice('cp1.'.length));
      return {
        designParameters: site?.design_parameters ?? null,
        testPack: site?.test_pack ?? 'standard',
        flats: flats.map((f) => ({
          id: f.id,
          address: f.address,
          block: f.block,
          floor: f.floor,
          type: f.property_type,
          draftSavedAt: f.draft_saved_at === null ? null : iso(f.draft_saved_at),
        })),
        reports: reports.map((r) => ({
          id: r.id,
          propertyId: r.property_id,
          engineerId: r.user_id,
          engineerName: r.engineer_name,
          completedAt: iso(r.completed_at),
          overallStatus: r.overall_status,
          reviewState: r.review_state,
          reviewedAt: r.reviewed_at === null ? null : iso(r.reviewed_at),
          failureReasons: r.failure_reasons,
          ...readingsOf(
            typeof r.wizard_data === 'string' ? (JSON.parse(r.wizard_data) as Stored) : r.wizard_data,
            packKeys,
          ),
        })),
      };
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
