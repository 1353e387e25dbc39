import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportSite, ReportTablePage, ReportTableSort, ReportVerdict } from '@hiu/domain';
import { api } from '../../../lib/api-client';

export const REPORT_TABLE_PAGE_SIZE = 50;

/** The sites with reports, by identity; refreshed on every visit as reports keep arriving. */
export function useReportSitesById() {
  return useQuery<ReportSite[]>({ queryKey: ['/api/reports/by-site'], refetchOnMount: 'always' });
}

export interface ReportTableFilters {
  verdict?: ReportVerdict;
  engineer?: string;
  from?: string;
  to?: string;
  q?: string;
  sort: ReportTableSort;
  dir: 'asc' | 'desc';
}

/** One keyset page of a site's flats: `after` is the previous page's `next` (undefined for the first). */
export function useReportTable(siteId: string, filters: ReportTableFilters, after: string | undefined) {
  const params = new URLSearchParams({ siteId, limit: String(REPORT_TABLE_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (after) params.set('after', after);
  return useQuery({
    queryKey: ['/api/reports/table', siteId, filters, after ?? null],
    queryFn: () => api.get<ReportTablePage>(`/api/reports/table?${params}`),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
