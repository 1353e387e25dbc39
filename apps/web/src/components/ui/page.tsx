import type { ReactNode } from 'react';

/** Page frame: a heading, an optional subtitle and actions, content below; narrow on phones, roomy on desktop. */
export function Page({
  title,
  subtitle,
  actions,
  children,
  width = 'narrow',
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <main
      data-toasts-below
      className={width === 'wide' ? 'mx-auto w-full max-w-5xl px-4 py-5' : 'mx-auto w-full max-w-2xl px-4 py-5'}
    >
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-base text-slate-600">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </main>
  );
}
