import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PropertyStatus, PropertyWithStatus, SiteProgress, SiteSummary } from '@hiu/domain';

export interface PageOf<T> {
  items: T[];
  total: number;
}

/** The site select loads this many at a time; more than this and the engineer searches by name. */
export const SITE_PAGE = 200;
export const PROPERTY_PAGE = 20;

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** GET /api/sites: searched and paged on the server. */
export function useSites(search: string) {
  return useQuery<PageOf<SiteSummary>>({
    queryKey: [`/api/sites?${query({ q: search.trim(), limit: SITE_PAGE })}`],
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/properties for one site, searched by address and filtered by status on the server; each
 * property says where it stands. Refetched whenever home opens, as reports and drafts arrive all day.
 */
export function useProperties(siteId: string, search: string, status?: PropertyStatus) {
  return useQuery<PageOf<PropertyWithStatus>>({
    queryKey: [`/api/properties?${query({ siteId, q: search.trim(), status, limit: PROPERTY_PAGE })}`],
    enabled: siteId !== '',
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /api/sites/:id/progress: the chosen site's properties counted by status. */
export function useSiteProgress(siteId: string) {
  return useQuery<SiteProgress>({
    queryKey: [`/api/sites/${siteId}/progress`],
    enabled: siteId !== '',
    refetchOnMount: 'always',
  });
}
