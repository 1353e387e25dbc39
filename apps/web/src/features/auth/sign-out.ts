import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { api } from '../../lib/api-client';
import { rememberUser } from '../../lib/session';

export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    await api.post('/api/auth/logout').catch(() => undefined);
    rememberUser(null);
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };
}
