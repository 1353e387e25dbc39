import type { ReactNode } from 'react';

/**
 * Home's title and column. Also the page's first paint: it is rendered into the HTML at build time
 * (app/shell), so it must not depend on data; the cards come in below it.
 */
export function HomeFrame({ adminNav, children }: { adminNav?: ReactNode; children?: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">HIU Commissioning</h1>
        {adminNav}
      </header>
      {children}
    </main>
  );
}
