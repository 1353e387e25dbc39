import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@hiu/domain';
import { api } from '../../../lib/api-client';

export const REPORTS_PAGE_SIZE = 20;

const pagePath = (siteName: string, offset: number) =>
  `/api/reports?siteName=${encodeURIComponent(siteName)}&limit=${REPORTS_PAGE_SIZE}&offset=${offset}`;

/** One site's report summaries, newest first, a page at a time (ruling 16); `total` comes from the site's count. */
export function useSiteReports(siteName: string, total: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/reports', 'site', siteName],
    queryFn: ({ pageParam }) => api.get<ReportSummary[]>(pagePath(siteName, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.length, 0);
      return last.length === REPORTS_PAGE_SIZE && loaded < total ? loaded : undefined;
    },
    enabled,
    refetchOnMount: 'always',
  });
}
