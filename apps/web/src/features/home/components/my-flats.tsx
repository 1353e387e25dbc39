import { useDeferredValue, useId, useState } from 'react';
import type { MyAssignment } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useMyAssignments } from '../api/assignments';
import { useStartGuard } from './start-check-guard';
import { Problem } from '../../../components/problem';
import { needsEngineer } from '@hiu/domain';
import { MyFlatItem } from './my-flat-item';

/** From this many flats a search box helps the engineer find one. */
const SEARCH_FROM = 6;

interface SiteGroup {
  siteId: string;
  siteName: string;
  flats: MyAssignment[];
}

/** The flats by site, each site where its first flat comes in the list (due ones first), flats in list order. */
function bySite(list: MyAssignment[]): SiteGroup[] {
  const groups = new Map<string, SiteGroup>();
  for (const a of list) {
    const group = groups.get(a.siteId) ?? { siteId: a.siteId, siteName: a.siteName, flats: [] };
    group.flats.push(a);
    groups.set(a.siteId, group);
  }
  return [...groups.values()];
}

/** A flat matches when what was typed is part of its address, its site's name or its type, whatever the case. */
function matches(a: MyAssignment, typed: string): boolean {
  return [a.address, a.siteName, a.propertyType].some((t) => t.toLowerCase().includes(typed));
}

const toDo = (flats: MyAssignment[]) => flats.filter(needsEngineer).length;

/**
 * My flats (docs/product.md#my-flats): the flats a supervisor assigned to this engineer, grouped by site (each
 * can be folded away), due ones first, searchable once there are several.
 */
export function MyFlats() {
  const flats = useMyAssignments(true);
  const guard = useStartGuard();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const list = flats.data ?? [];
  // Nothing until the list is known: an engineer without assigned flats sees home exactly as before, with
  // nothing moving as it loads.
  if (flats.isLoading || (!flats.isError && list.length === 0)) return null;
  const typed = query.toLowerCase().replace(/\s+/g, ' ');
  const groups = bySite(typed ? list.filter((a) => matches(a, typed)) : list);
  const toggle = (siteId: string) =>
    setFolded((was) => {
      const next = new Set(was);
      if (!next.delete(siteId)) next.add(siteId);
      return next;
    });
  return (
    <Card aria-labelledby="my-flats-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="my-flats-heading" className="text-xl font-bold">
          My flats
        </h2>
        {/* To do: the flats that need the engineer; one awaiting review waits for the office. */}
        <p className="text-sm text-slate-600">{toDo(list)} to do</p>
      </div>
      {flats.isError && !flats.data ? (
        <Problem error={flats.error} what="your flats" onRetry={() => void flats.refetch()} />
      ) : (
        <>
          {list.length >= SEARCH_FROM ? (
            <Field label="Search my flats" hint="By address, site or type">
              <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
            </Field>
          ) : null}
          {groups.length === 0 ? (
            <p role="status" className="text-slate-700">
              No flat matches “{query}”.
            </p>
          ) : (
            groups.map((g) => (
              <SiteFlats
                key={g.siteId}
                group={g}
                // A search shows what it found, folded or not.
                open={typed !== '' || !folded.has(g.siteId)}
                onToggle={() => toggle(g.siteId)}
                guard={guard}
              />
            ))
          )}
        </>
      )}
      {guard.dialogs}
    </Card>
  );
}

/** One site's flats under its name, which folds them away and back (a disclosure button). */
function SiteFlats({
  group,
  open,
  onToggle,
  guard,
}: {
  group: SiteGroup;
  open: boolean;
  onToggle: () => void;
  guard: ReturnType<typeof useStartGuard>;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-name`} className="border-t border-slate-200 pt-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-name`} className="min-w-0 text-base font-bold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-flats`}
            onClick={onToggle}
            className="flex min-h-11 w-full items-center gap-2 text-left break-words"
          >
            <span aria-hidden="true" className="text-slate-500">
              {open ? '▾' : '▸'}
            </span>
            {group.siteName}
          </button>
        </h3>
        <p className="flex-none text-sm text-slate-600">
          {group.flats.length} {group.flats.length === 1 ? 'flat' : 'flats'}, {toDo(group.flats)} to do
        </p>
      </div>
      {open ? (
        <ul id={`${id}-flats`} className="divide-y divide-slate-100">
          {group.flats.map((a) => (
            <MyFlatItem key={a.propertyId} flat={a} guard={guard} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
