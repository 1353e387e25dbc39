import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { SiteSummary } from '@hiu/domain';
import { Card } from '../../components/ui/card';

/** A supervisor's sites, each a way to assign its flats and read its history. */
export function MySitesCard() {
  const sites = useQuery<{ items: SiteSummary[]; total: number }>({ queryKey: ['/api/sites?limit=200'] });
  if (!sites.data?.items.length) return null;
  return (
    <Card aria-labelledby="my-sites-heading" className="space-y-2">
      <h2 id="my-sites-heading" className="text-xl font-bold">
        My sites
      </h2>
      <ul className="divide-y divide-slate-100">
        {sites.data.items.map((s) => (
          <li key={s.id}>
            <Link to={`/review/sites/${s.id}`} className="flex min-h-12 items-center py-2 font-semibold text-brand-700">
              {s.name} <span className="ml-2 font-normal text-slate-600">{s.location}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
