import { useInfiniteQuery } from '@tanstack/react-query';
import type { Draft } from '@hiu/domain';
import { api } from '../../../lib/api-client';

export const DRAFTS_KEY = ['/api/drafts'];
/** Drafts shown at a time; Show more drafts fetches the next page after the last one shown. */
export const DRAFTS_PAGE = 50;

/**
 * Today's drafts of the signed-in engineer, a page at a time, none left out however many there are; fetched
 * afresh whenever home opens, as drafts change in the wizard.
 */
export function useTodaysDrafts() {
  return useInfiniteQuery({
    queryKey: [...DRAFTS_KEY, 'pages'],
    initialPageParam: '',
    queryFn: ({ pageParam }) => api.get<Draft[]>(`/api/drafts?limit=${DRAFTS_PAGE}${pageParam}`),
    getNextPageParam: (last: Draft[]) => {
      const end = last.at(-1);
      if (last.length < DRAFTS_PAGE || !end) return undefined;
      return `&before=${encodeURIComponent(end.lastSaved)}&beforeId=${end.id}`;
    },
    refetchOnMount: 'always',
  });
}
