import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { reports } from '../db/schema.js';

/**
 * Which reports a list or export covers: a site's, by its id, never by the name copied onto them (two sites may
 * once have shared a name; a renamed site's reports keep the old one). `approvedOnly` for clients and read
 * tokens (docs/product.md#clients).
 */
export interface SiteReports {
  siteId: string;
  approvedOnly?: boolean;
}

export function siteIs(scope: SiteReports, table: { siteId: AnyPgColumn } = reports): SQL {
  const bySite = eq(table.siteId, scope.siteId);
  return scope.approvedOnly && table === reports ? and(bySite, eq(reports.reviewState, 'approved'))! : bySite;
}
