import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { User } from '@hiu/domain';
import { lazyDialog } from '../components/ui/lazy-dialog';
import { useSession } from '../lib/session';
import { whenIdle } from '../lib/when-idle';
import { NotificationBell } from '../features/notifications/bell';

const loadSignOut = () => import('./sign-out-flow');
const SignOutFlow = lazyDialog(loadSignOut);
/** Fetched ahead of a tap, so a phone that has lost its signal can still count what waits and ask. */
const prefetchSignOut = () => void loadSignOut().catch(() => undefined);

/** Slim bar on home and admin screens: who is signed in, the notifications bell and Sign out. The wizard has its own chrome. */
export function AccountBar({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => whenIdle(prefetchSignOut), []);
  return (
    <>
      <SkipLink />
      <AccountStrip user={user} onSignOut={() => setSigningOut(true)} />
      {children}
      {user ? <SignOutFlow open={signingOut} onOpenChange={setSigningOut} userId={user.id} /> : null}
    </>
  );
}

/**
 * The first tab stop: past the bar to the screen's own content (WCAG 2.4.1), shown only while focused. It moves
 * focus to the screen's main element, whichever screen it is.
 */
function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:min-h-11 focus:rounded-md focus:bg-white focus:px-4 focus:py-3"
      onClick={(e) => {
        const main = document.querySelector('main');
        if (!main) return;
        e.preventDefault();
        main.tabIndex = -1;
        main.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/** The bar itself; without a user (still loading, or the build-time first paint) it shows only the name. */
export function AccountStrip({ user, onSignOut }: { user: User | null; onSignOut?: () => void }) {
  return (
    <div className="bg-brand-800 text-white" data-toast-clearance>
      <div className="mx-auto flex min-h-12 max-w-5xl flex-wrap items-center justify-between gap-x-2 px-4">
        <Link to="/" className="inline-flex min-h-11 items-center font-bold whitespace-nowrap text-white no-underline">
          HIU Commissioning
        </Link>
        {user ? (
          // A name too long to sit beside the title goes to a line of its own and wraps there, never cut off.
          <div className="ml-auto flex min-w-0 items-center gap-1 text-sm">
            <NotificationBell />
            <span className="min-w-0 py-1 text-right break-words" title={user.email}>
              {user.name}
              {user.role === 'admin' ? ' (admin)' : ''}
            </span>
            <button
              type="button"
              onClick={onSignOut}
              className="min-h-11 rounded-md px-2 font-semibold whitespace-nowrap text-white underline-offset-2 hover:underline"
            >
              Sign out
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
