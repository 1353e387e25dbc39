import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Property, SiteSummary } from '@hiu/domain';

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

/** GET /api/properties for one site, searched by address on the server. */
export function useProperties(siteId: string, search: string) {
  return useQuery<PageOf<Property>>({
    queryKey: [`/api/properties?${query({ siteId, q: search.trim(), limit: PROPERTY_PAGE })}`],
    enabled: siteId !== '',
    placeholderData: keepPreviousData,
  });
}
