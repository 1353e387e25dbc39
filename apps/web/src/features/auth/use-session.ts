import { useQuery } from '@tanstack/react-query';
import type { User } from '@hiu/domain';
import { getQueryFn } from '../../lib/api-client';

export const SESSION_KEY = ['/api/auth/me'];

/** The signed-in user, or null when signed out. */
export function useSession(): { user: User | null; isLoading: boolean } {
  const q = useQuery<User | null>({ queryKey: SESSION_KEY, queryFn: getQueryFn<User>({ on401: 'returnNull' }) });
  return { user: q.data ?? null, isLoading: q.isLoading };
}

export function useSetupNeeded() {
  return useQuery<{ needed: boolean }>({ queryKey: ['/api/auth/setup'] });
}
