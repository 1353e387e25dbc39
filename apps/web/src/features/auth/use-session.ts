import { useQuery } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { SESSION_KEY, sessionQueryFn } from '../../lib/session';

export { SESSION_KEY };

/** The signed-in user, or null when signed out (offline: the last user seen on this device). */
export function useSession(): { user: User | null; isLoading: boolean } {
  const q = useQuery<User | null>({ queryKey: SESSION_KEY, queryFn: sessionQueryFn });
  return { user: q.data ?? null, isLoading: q.isLoading };
}

export function useSetupNeeded() {
  return useQuery<{ needed: boolean }>({ queryKey: ['/api/auth/setup'] });
}
