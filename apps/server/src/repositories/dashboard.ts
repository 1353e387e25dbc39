import { sql } from 'drizzle-orm';
import type { DashboardFlat, DashboardQuery, DashboardReport, DesignParameters } from '@hiu/domain';
import type { Db } from '../db/client.js';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** What the site dashboard is computed from (by the domain): the site's flats and its reports in the filters. */
export function dashboardRepository(db: Db) {
  return {
    async data(
      siteId: string,
      q: DashboardQuery,
    ): Promise<{ designParameters: DesignParameters | null; flats: DashboardFlat[]; reports: DashboardReport[] }> {
      const [site] = await rows<{ design_parameters: DesignParameters | null }>(
        db,
        sql`SELECT design_parameters FROM sites WHERE id = ${siteId}`,
      );
      const flats = await rows<{ id: string; address: string; block: string; floor: string; has_draft: boolean }>(
        db,
        sql`SELECT p.id, p.address, p.block, p.floor, EXISTS (SELECT 1 FROM drafts d WHERE d.property_id = p.id) AS has_draft
          FROM properties p WHERE p.site_id = ${siteId}${q.block !== undefined ? sql` AND p.block = ${q.block}` : sql``}`,
      );
      const reports = await rows<{
        id: string;
        property_id: string | null;
        user_id: string | null;
        engineer_name: string;
        completed_at: Date | string;
        overall_status: DashboardReport['overallStatus'];
        review_state: DashboardReport['reviewState'];
        reviewed_at: Date | string | null;
        failure_reasons: string[];
        heating: string | null;
        dhw: string | null;
        standby: string | null;
        tap: string | null;
        seconds: string | null;
        issues: DashboardReport['issues'] | null;
      }>(
        db,
        sql`SELECT id, property_id, user_id, engineer_name, completed_at, overall_status, review_state, reviewed_at,
            failure_reasons,
            wizard_data->'heatingMode'->>'primaryReturn' AS heating,
            wizard_data->'dhwChecks'->>'primaryReturn' AS dhw,
            wizard_data->'standbyMode'->>'returnTemp' AS standby,
            wizard_data->'dhwChecks'->>'dhwKitchenTap' AS tap,
            wizard_data->'dhwChecks'->>'fortyFiveSeconds' AS seconds,
            wizard_data->'cp1'->'issues' AS issues
          FROM reports
          WHERE site_id = ${siteId} AND property_id IS NOT NULL
            ${q.from ? sql`AND completed_at >= ${`${q.from}T00:00:00Z`}` : sql``}
            ${q.to ? sql`AND completed_at < ${nextDay(q.to)}` : sql``}
            ${q.engineerId ? sql`AND user_id = ${q.engineerId}` : sql``}`,
      );
      const iso = (v: Date | string) => new Date(v).toISOString();
      return {
        designParameters: site?.design_parameters ?? null,
        flats: flats.map((f) => ({
          id: f.id,
          address: f.address,
          block: f.block,
          floor: f.floor,
          hasDraft: Boolean(f.has_draft),
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
          readings: {
            heatingPrimaryReturn: r.heating ?? '',
            dhwPrimaryReturn: r.dhw ?? '',
            standbyReturnTemp: r.standby ?? '',
            dhwKitchenTap: r.tap ?? '',
            fortyFiveSeconds: r.seconds ?? '',
          },
          ...(r.issues ? { issues: r.issues } : {}),
        })),
      };
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
