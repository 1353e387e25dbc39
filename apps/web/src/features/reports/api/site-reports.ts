import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LatestReport, ReportSummary } from '@hiu/domain';
import { api } from '../../../lib/api-client';

export const REPORTS_PAGE_SIZE = 20;

const pagePath = (siteName: string, offset: number) =>
  `/api/reports/latest?siteName=${encodeURIComponent(siteName)}&limit=${REPORTS_PAGE_SIZE}&offset=${offset}`;

/**
 * One site's latest report per property, newest first, a page at a time (ruling 16); each says how many
 * earlier reports its property has. The last page's `total` is the number of properties with reports.
 */
export function useSiteReports(siteName: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/reports/latest', siteName],
    queryFn: ({ pageParam }) => api.get<{ items: LatestReport[]; total: number }>(pagePath(siteName, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === REPORTS_PAGE_SIZE && loaded < last.total ? loaded : undefined;
    },
    enabled,
    refetchOnMount: 'always',
  });
}

/** A property's earlier reports (its history), newest first, loaded when the engineer opens them. */
export function useEarlierReports(reportId: string, enabled: boolean) {
  return useQuery<ReportSummary[]>({ queryKey: [`/api/reports/${reportId}/earlier`], enabled });
}
