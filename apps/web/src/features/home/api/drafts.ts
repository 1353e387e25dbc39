import { useQuery } from '@tanstack/react-query';
import type { Draft } from '@hiu/domain';

export const DRAFTS_KEY = ['/api/drafts'];

/** Today's drafts of the signed-in engineer; fetched afresh whenever home opens, as drafts change in the wizard. */
export function useTodaysDrafts() {
  return useQuery<Draft[]>({ queryKey: DRAFTS_KEY, refetchOnMount: 'always' });
}
