import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useUnreadCount } from './api';
import { useSession } from '../../lib/session';

/**
 * The bell in the top bar (docs/product.md#notifications): how many of my entries are unread, a way into the
 * list. The count is read again when the screen changes and when the app comes back to the front, never polled.
 */
export function NotificationBell() {
  const count = useUnreadCount(true);
  const [location] = useLocation();
  const { refetch } = count;
  const first = useRef(true);
  useEffect(() => {
    // The first screen's count is the query's own first read.
    if (first.current) first.current = false;
    else void refetch();
  }, [location, refetch]);
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [refetch]);
  // When the app opens, a phone that shows push keeps its subscription (docs/product.md#push-notifications).
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    import('./push').then((m) => m.keepPushSubscription(userId)).catch(() => undefined /* tried again next time */);
  }, [userId]);
  const unread = count.data?.unread ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications, none unread';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-white hover:bg-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {unread ? (
        <span
          data-testid="unread-count"
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs leading-5 font-bold text-slate-900"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
