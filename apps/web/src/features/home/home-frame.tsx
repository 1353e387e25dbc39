import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';

/**
 * Home's title and column. Also the page's first paint: it is rendered into the HTML at build time
 * (app/shell), so it must not depend on data; the cards come in below it.
 */
export function HomeFrame({
  adminNav,
  myReports = true,
  children,
}: {
  adminNav?: ReactNode;
  /** Whether the signed-in person files reports; a client does not, so has no My reports. */
  myReports?: boolean;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">HIU Commissioning</h1>
        <div className="flex flex-wrap gap-2">
          {/* In the painted HTML too, so nothing moves when the page starts (docs/product.md#my-reports). */}
          {myReports ? (
            <Link to="/my-reports" className={buttonClass('secondary')}>
              My reports
            </Link>
          ) : null}
          {adminNav}
        </div>
      </header>
      {children}
    </main>
  );
}
