import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from './ui/button';
import { TabLinks } from './ui/tabs';

const TABS = [
  { to: '/admin/sites', label: 'Sites' },
  { to: '/admin/properties', label: 'Properties' },
  { to: '/admin/design-parameters', label: 'Design Parameters' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/integrations', label: 'Integrations' },
  { to: '/admin/history', label: 'History' },
];

/** The Admin Panel frame (docs/product.md#admin-panel): header, subtitle, Reports and Home, and the tabs. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <main data-toasts-below className="mx-auto w-full max-w-5xl px-4 py-5">
      <header className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Admin Panel</h1>
          <p className="mt-1 text-base text-slate-600">Manage sites, properties and design parameters</p>
        </div>
        <div className="flex gap-2">
          <Link to="/admin/reports" className={buttonClass('secondary')}>
            Reports
          </Link>
          <Link to="/" className={buttonClass('secondary')}>
            Home
          </Link>
        </div>
      </header>
      <TabLinks label="Admin sections" tabs={TABS} />
      <div className="pt-4">{children}</div>
    </main>
  );
}
