import { useCallback, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  isoDay,
  type PropertyAssignment,
  type PropertyWithStatus,
  type Site,
  type Witness,
} from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { DateEntry } from '../../components/date-entry/date-entry';
import { SearchBox } from '../../components/ui/search-box';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { Pager } from '../../components/pager';
import { useSiteEngineers } from './api';
import { FlatCard } from './flat-card';
import { Problem } from '../../components/problem';

const PAGE = 50;
// The form loads when first opened, with the form library.
const WitnessDialog = lazyDialog(() => import('./witness-dialog'));
type Page = { items: PropertyWithStatus[]; total: number };
type Target = { propertyIds: string[] } | { filter: { q?: string; propertyType?: string } };

/**
 * Assign a site's flats (docs/product.md#assignment): tick flats, or take every flat matching the search and
 * property type, choose the engineer and an optional due date. Who has each flat shows beside it.
 */
export function AssignPanel({ siteId }: { siteId: string }) {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [engineerId, setEngineerId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [confirmAll, setConfirmAll] = useState(false);
  const [error, setError] = useState<string>();
  const onSearch = useCallback((q: string) => {
    setSearch(q);
    setOffset(0);
  }, []);
  const engineers = useSiteEngineers(siteId);
  const site = useQuery<Site>({ queryKey: [`/api/sites/${siteId}`] });
  const q = new URLSearchParams({ siteId, limit: String(PAGE), offset: String(offset) });
  if (search.trim()) q.set('q', search.trim());
  if (type) q.set('propertyType', type);
  const filter = { ...(search.trim() ? { q: search.trim() } : {}), ...(type ? { propertyType: type } : {}) };
  const filtered = search.trim() !== '' || type !== '';
  const matching = [search.trim() ? `matching "${search.trim()}"` : '', type ? `of type ${type}` : '']
    .filter(Boolean)
    .join(' and ');
  const list = useQuery<Page>({ queryKey: [`/api/properties?${q.toString()}`], placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const ids = items.map((p) => p.id);
  const who = useQuery<PropertyAssignment[]>({
    queryKey: [`/api/sites/${siteId}/assignments?${ids.map((id) => `propertyId=${id}`).join('&')}`],
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const holder = new Map((who.data ?? []).map((a) => [a.propertyId, a]));
  const witnesses = useQuery<Witness[]>({ queryKey: [`/api/sites/${siteId}/witnesses`] });
  const witnessed = new Map((witnesses.data ?? []).map((w) => [w.propertyId, w]));
  const [witnessOf, setWitnessOf] = useState<PropertyWithStatus | null>(null);

  const refresh = () =>
    client.invalidateQueries({
      predicate: (x) => String(x.queryKey[0]).startsWith(`/api/sites/${siteId}/assignments`),
    });
  const assign = useMutation({
    mutationFn: (target: Target) =>
      api.post<{ assigned: number }>(`/api/sites/${siteId}/assignments`, {
        engineerId,
        dueDate: dueDate || null,
        ...target,
      }),
    onSuccess: ({ assigned }) => {
      const name = engineers.data?.find((e) => e.id === engineerId)?.name ?? 'the engineer';
      notify.success('Assigned', `${assigned} ${assigned === 1 ? 'flat' : 'flats'} assigned to ${name}`);
      // The next assignment starts afresh, so it never goes to this engineer or date by mistake.
      setSelected(new Set());
      setEngineerId('');
      setDueDate('');
    },
    onError: (e) => {
      setError(e instanceof ApiError ? (e.fieldErrors.engineerId ?? e.userMessage) : String(e));
    },
    onSettled: refresh,
  });
  const unassign = useMutation({
    mutationFn: (propertyIds: string[]) =>
      api.delete<{ unassigned: number }>(`/api/sites/${siteId}/assignments`, { propertyIds }),
    onSuccess: ({ unassigned }) => {
      notify.success('Unassigned', `${unassigned} ${unassigned === 1 ? 'flat' : 'flats'} taken off their engineer`);
      setSelected(new Set());
    },
    onError: (e) => notify.error('Could not unassign', e instanceof ApiError ? e.userMessage : String(e)),
    onSettled: refresh,
  });
  const run = (target: Target) => {
    if (!engineerId) return setError('Choose an engineer');
    setError(undefined);
    assign.mutate(target);
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const today = isoDay(new Date());
  const pastDue = dueDate !== '' && dueDate < today;
  const allOnPage = items.length > 0 && items.every((p) => selected.has(p.id));
  const total = list.data?.total ?? 0;

  return (
    <section aria-labelledby="assign-heading" className="space-y-3">
      <h2 id="assign-heading" className="text-lg font-bold">
        Assign flats
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Engineer" error={error}>
          <Select value={engineerId} onChange={(e) => setEngineerId(e.target.value)}>
            <option value="">Choose an engineer</option>
            {(engineers.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
        <DateEntry
          label="Due date (optional)"
          value={dueDate}
          onChange={setDueDate}
          warning={
            pastDue
              ? `${formatDate(dueDate)} has passed: the flats will show as overdue. Choose a later date, or assign anyway.`
              : undefined
          }
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SearchBox label="Search flats" placeholder="Address" onSearch={onSearch} />
        <Field label="Property type">
          <Select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setOffset(0);
            }}
          >
            <option value="">Every type</option>
            {(site.data?.availableBuildingTypes ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button disabled={selected.size === 0 || assign.isPending} onClick={() => run({ propertyIds: [...selected] })}>
          Assign {selected.size} selected
        </Button>
        <Button
          variant="secondary"
          disabled={total === 0 || assign.isPending}
          onClick={() => (engineerId ? setConfirmAll(true) : setError('Choose an engineer'))}
        >
          Assign all {total} {filtered ? 'matching' : ''}
        </Button>
        <Button
          variant="secondary"
          disabled={selected.size === 0 || unassign.isPending}
          onClick={() => unassign.mutate([...selected])}
        >
          Unassign selected
        </Button>
      </div>
      {list.isLoading ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <Problem error={list.error} what="the flats" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-slate-600">No flats {filtered ? 'match this search' : 'on this site yet'}.</p>
      ) : (
        <>
          <label className="flex min-h-11 items-center gap-3 text-base">
            <input
              type="checkbox"
              className="size-6 shrink-0"
              checked={allOnPage}
              onChange={(e) => items.forEach((p) => toggle(p.id, e.target.checked))}
            />
            Select every flat on this page
          </label>
          {/* A card a flat: on a phone its address, status and due date read without scrolling sideways. */}
          <ul aria-label="Flats" className="grid gap-2 lg:grid-cols-2">
            {items.map((p) => (
              <FlatCard
                key={p.id}
                flat={p}
                assignment={holder.get(p.id)}
                witness={witnessed.get(p.id)}
                selected={selected.has(p.id)}
                onSelect={(on) => toggle(p.id, on)}
                onWitness={() => setWitnessOf(p)}
              />
            ))}
          </ul>
        </>
      )}
      <Pager offset={offset} limit={PAGE} total={total} noun="flats" onOffset={setOffset} />
      <WitnessDialog
        key={witnessOf?.id ?? 'closed'}
        siteId={siteId}
        flat={witnessOf}
        current={witnessOf ? witnessed.get(witnessOf.id) : undefined}
        open={witnessOf !== null}
        onOpenChange={(o) => !o && setWitnessOf(null)}
      />
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={`Assign all ${total} flats?`}
        description={`Every flat ${matching || 'of this site'} goes to ${engineers.data?.find((e) => e.id === engineerId)?.name ?? 'the engineer'}, replacing whoever had it.`}
        confirmLabel="Assign all"
        onConfirm={() => {
          setConfirmAll(false);
          run({ filter });
        }}
      />
    </section>
  );
}
