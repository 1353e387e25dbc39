import { useInfiniteQuery } from '@tanstack/react-query';
import type { Draft } from '@hiu/domain';
import { pageOrOfflineFirst } from '../../../lib/page-or-offline-first';

export const DRAFTS_KEY = ['/api/drafts'];
/** Drafts shown at a time; Show more drafts fetches the next page after the last one shown. */
export const DRAFTS_PAGE = 50;

/**
 * A page of drafts. Without a server the first page is the phone's offline cache (docs/product.md#offline), as the app's
 * other lists are; later pages need the server.
 */
const draftsPage = (after: string) => pageOrOfflineFirst<Draft[]>(`/api/drafts?limit=${DRAFTS_PAGE}${after}`, !after);

/**
 * Today's drafts of the signed-in engineer, a page at a time, none left out however many there are; fetched
 * afresh whenever home opens, as drafts change in the wizard.
 */
export function useTodaysDrafts() {
  return useInfiniteQuery({
    queryKey: [...DRAFTS_KEY, 'pages'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => draftsPage(pageParam),
    getNextPageParam: (last: Draft[]) => {
      const end = last.at(-1);
      if (last.length < DRAFTS_PAGE || !end) return undefined;
      return `&before=${encodeURIComponent(end.lastSaved)}&beforeId=${end.id}`;
    },
    refetchOnMount: 'always',
  });
}
