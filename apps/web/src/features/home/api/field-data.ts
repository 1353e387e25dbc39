import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../../lib/when-idle';

/**
 * Each time home opens with a connection, the phone's copy of what the engineer works from is refreshed in
 * the background (docs/product.md#offline); its code loads then, after the screen has settled. Leaving home does not stop
 * it; signing out, or another engineer signing in, does.
 */
export function useFieldDataRefresh(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || !navigator.onLine) return;
    let live = true;
    whenIdle(() => {
      if (!live) return;
      void import('../../../lib/offline-cache')
        .then((m) => m.refreshWhileSignedIn(userId, client))
        .catch(() => undefined /* kept as it was; the next visit tries again */);
    });
    return () => {
      live = false;
    };
  }, [userId, client]);
}
