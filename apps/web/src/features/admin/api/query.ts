import type { QueryClient } from '@tanstack/react-query';

export interface PageOf<T> {
  items: T[];
  total: number;
}

/** Admin lists show this many rows a page; search and paging happen on the server. */
export const PAGE_SIZE = 25;

/** "/api/x?a=1&b=2" without empty values: one query-key segment, fetched by the default query function. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * After a site or property change every cached site and property answer is out of date, on this screen
 * and on others (the home page's picker): mark them all stale so they load again (docs/product.md#admin-panel).
 */
export function refreshSitesAndProperties(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const first = String(q.queryKey[0] ?? '');
      return first.startsWith('/api/sites') || first.startsWith('/api/properties');
    },
  });
}
