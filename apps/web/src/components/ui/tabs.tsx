import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from './cn';

/**
 * Tabs that are routes (the admin panel's Sites / Properties / ...). On a narrow screen the row scrolls
 * sideways, brought round so the current tab is in view.
 */
export function TabLinks({ tabs, label }: { tabs: { to: string; label: string }[]; label: string }) {
  const [path] = useLocation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = nav.current;
    if (!current || !row) return;
    // Only the row scrolls (scrollIntoView could move the page too).
    const left = current.offsetLeft - row.offsetLeft;
    if (left + current.offsetWidth > row.scrollLeft + row.clientWidth || left < row.scrollLeft)
      row.scrollLeft = Math.max(0, left - 16);
  }, [path]);
  return (
    <nav ref={nav} aria-label={label} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              aria-current={path === t.to ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-12 items-center border-b-4 px-3 text-base font-semibold whitespace-nowrap',
                path === t.to
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** In-page tabs with the ARIA tab pattern (arrow keys move between tabs, wrapping; Home and End to the ends). */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          role="tab"
          type="button"
          id={`tab-${t.id}`}
          aria-selected={value === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={value === t.id ? 0 : -1}
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => {
            const to =
              e.key === 'ArrowRight'
                ? (i + 1) % tabs.length
                : e.key === 'ArrowLeft'
                  ? (i - 1 + tabs.length) % tabs.length
                  : e.key === 'Home'
                    ? 0
                    : e.key === 'End'
                      ? tabs.length - 1
                      : -1;
            if (to < 0) return;
            // Home and End would otherwise scroll the page.
            e.preventDefault();
            const next = tabs[to]!;
            onChange(next.id);
            document.getElementById(`tab-${next.id}`)?.focus();
          }}
          className={cn(
            'min-h-12 border-b-4 px-3 text-base font-semibold whitespace-nowrap',
            value === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="pt-4">
      {children}
    </div>
  );
}
