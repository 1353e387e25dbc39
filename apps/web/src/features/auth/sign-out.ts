import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { endSession } from '../../lib/session';
import { dismissToasts } from '../../lib/toast';

/** Signs out on this phone at once; the server is told now, or when the connection returns. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    void endSession();
    dismissToasts();
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };
}
