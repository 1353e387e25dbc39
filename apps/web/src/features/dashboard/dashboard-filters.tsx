import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { SiteDashboard } from '@hiu/domain';
import { Field } from '../../components/ui/field';
import { DateEntry } from '../../components/date-entry/date-entry';
import { Select } from '../../components/ui/select';

export const FILTER_KEYS = ['from', 'to', 'engineerId', 'block', 'floor'] as const;
export type DashboardFilter = Record<(typeof FILTER_KEYS)[number], string>;

/**
 * The dashboard's filters, kept in the address (docs/product.md#dashboard): a reload, Back or a shared link shows
 * the same figures. Each change replaces the address rather than adding to the history.
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as DashboardFilter;
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== '')).toString();
  const set = (key: keyof DashboardFilter, value: string) =>
    setParams(
      () => {
        // From the address as it is now, not as last drawn (the router draws later): a second filter changed
        // before the first was drawn would otherwise put the first back.
        const next = new URLSearchParams(window.location.search);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { filter, query, set };
}

/** The filter fields; their choices (engineers, blocks, floors) come from the site's unfiltered figures. */
export function DashboardFilters({
  filter,
  set,
  all,
}: {
  filter: DashboardFilter;
  set: (key: keyof DashboardFilter, value: string) => void;
  all: SiteDashboard | undefined;
}) {
  const engineers = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of all?.perEngineerPerDay ?? []) if (r.engineerId) m.set(r.engineerId, r.engineerName);
    return [...m.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [all]);
  const on = (key: keyof DashboardFilter) => (e: { target: { value: string } }) => set(key, e.target.value);
  // Flats with no block or floor have no value to filter by apart from "every block" or "every floor".
  const blocks = (all?.byBlock ?? []).map((b) => b.block).filter((b) => b !== '');
  const floors = (all?.byFloor ?? []).map((f) => f.floor).filter((f) => f !== '');
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <DateEntry label="From" value={filter.from} onChange={(from) => set('from', from)} />
      <DateEntry
        label="To"
        value={filter.to}
        onChange={(to) => set('to', to)}
        error={filter.from && filter.to && filter.from > filter.to ? 'The end is before the start' : undefined}
      />
      <Field label="Engineer">
        <Select value={filter.engineerId} onChange={on('engineerId')}>
          <option value="">Every engineer</option>
          {engineers.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Block">
        <Select value={filter.block} onChange={on('block')}>
          <option value="">Every block</option>
          {blocks.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Floor">
        <Select value={filter.floor} onChange={on('floor')}>
          <option value="">Every floor</option>
          {floors.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
