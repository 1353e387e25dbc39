import { Link, Outlet } from 'react-router';
import { useSession } from '../features/auth/use-session';
import { useSignOut } from '../features/auth/sign-out';

/** Slim bar on home and admin screens: who is signed in, and Sign out. The wizard has its own chrome. */
export function AccountBar() {
  const { user } = useSession();
  const signOut = useSignOut();
  return (
    <>
      <div className="bg-brand-800 text-white">
        <div className="mx-auto flex min-h-12 max-w-5xl items-center justify-between gap-2 px-4">
          <Link to="/" className="font-bold text-white no-underline">
            HIU Commissioning
          </Link>
          {user ? (
            <div className="flex items-center gap-2 text-sm">
              <span className="max-w-40 truncate" title={user.email}>
                {user.name}
                {user.role === 'admin' ? ' (admin)' : ''}
              </span>
              <button
                type="button"
                onClick={() => void signOut()}
                className="min-h-10 rounded-md px-3 font-semibold text-white underline-offset-2 hover:underline"
              >
                Sign out
              </button>
            </div>
          ) : null}
        </div>
      </div>
      <Outlet />
    </>
  );
}
