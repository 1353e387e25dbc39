import { useQuery } from '@tanstack/react-query';
import type { ReportSiteGroup } from '@hiu/domain';

export const REPORT_SITES_KEY = ['/api/reports/sites'];

/**
 * The reports screen's first data: one row per site name with its counts, computed by the server.
 * Shown from cache at once and refreshed on every visit, since reports arrive from engineers' phones.
 */
export function useReportSites() {
  return useQuery<ReportSiteGroup[]>({ queryKey: REPORT_SITES_KEY, refetchOnMount: 'always' });
}
