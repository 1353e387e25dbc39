import type { ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import type { Role } from '@hiu/domain';
import { buttonClass } from '../../components/ui/button';
import { useSession, useSetupNeeded } from '../../lib/session';

/** Sends signed-out visitors to sign-in (or first-run set-up) and refuses the wrong role. */
export function RequireAuth({
  role,
  children,
  fallback,
}: {
  role?: Role;
  children: ReactNode;
  /** Shown while the session is read; a loading line unless the screen has a shell. */
  fallback?: ReactNode;
}) {
  const { user, isLoading } = useSession();
  const setup = useSetupNeeded();
  const [pathname] = useLocation();
  const search = useSearch();
  if (isLoading || (!user && setup.isLoading)) {
    if (fallback) return <>{fallback}</>;
    return (
      <p role="status" className="p-6 text-center text-slate-600">
        Loading...
      </p>
    );
  }
  if (!user) {
    if (setup.data?.needed) return <Redirect to="/setup" replace />;
    const next = encodeURIComponent(pathname + (search ? `?${search}` : ''));
    return <Redirect to={`/sign-in?next=${next}`} replace />;
  }
  if (role === 'supervisor' && user.role !== 'admin' && user.role !== 'supervisor') {
    return (
      <main className="mx-auto max-w-md px-4 py-10 text-center">
        <h1 className="text-2xl font-bold">Supervisors only</h1>
        <p className="mt-2 text-slate-700">Reviewing and assigning are for supervisors and admins.</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Go to home
        </Link>
      </main>
    );
  }
  if (role === 'admin' && user.role !== 'admin') {
    return (
      <main className="mx-auto max-w-md px-4 py-10 text-center">
        <h1 className="text-2xl font-bold">Admins only</h1>
        <p className="mt-2 text-slate-700">This area is for administrators. Ask an admin if you need access.</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Go to home
        </Link>
      </main>
    );
  }
  return <>{children}</>;
}
