import { useQuery } from '@tanstack/react-query';
import type { MyAssignment } from '@hiu/domain';

export const ASSIGNMENTS_KEY = ['/api/me/assignments'];

/** The engineer's assigned flats not yet approved, due first; the phone's offline cache answers without a signal. */
export function useMyAssignments(enabled: boolean) {
  return useQuery<MyAssignment[]>({ queryKey: ASSIGNMENTS_KEY, enabled, refetchOnMount: 'always' });
}
