import { useCallback, useId, useState } from 'react';
import {
  REPORT_VERDICT_LABELS,
  REPORT_VERDICTS,
  type ReportSite,
  type ReportTableCounts,
  type ReportTableSort,
  type ReportVerdict,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { DateEntry } from '../../../components/date-entry/date-entry';
import { Select } from '../../../components/ui/select';
import { REPORT_TABLE_PAGE_SIZE, useReportTable, type ReportTableFilters } from '../api/report-table';
import { ReportTableRow, VerdictBadge } from './report-table-row';
import { SearchBox } from '../../../components/ui/search-box';
import { Problem } from '../../../components/problem';

const COUNT_KEYS: Record<ReportVerdict, keyof ReportTableCounts> = {
  failed: 'failed',
  pending: 'pending',
  passed: 'passed',
  not_tested: 'notTested',
};
const COLUMNS: { sort: ReportTableSort; label: string; firstDir: 'asc' | 'desc' }[] = [
  { sort: 'address', label: 'Flat', firstDir: 'asc' },
  { sort: 'verdict', label: 'Result', firstDir: 'asc' },
  { sort: 'engineer', label: 'Engineer', firstDir: 'asc' },
  { sort: 'completed', label: 'Completed', firstDir: 'desc' },
  { sort: 'serial', label: 'HIU serial', firstDir: 'asc' },
];
const number = (n: number) => n.toLocaleString('en-GB');

/** A site's flats as a table: current result per flat, filters, sortable headers, keyset pages. */
export function ReportTable({ site }: { site: ReportSite }) {
  const [filters, setFilters] = useState<ReportTableFilters>({ sort: 'address', dir: 'asc' });
  // The positions of the pages seen so far: Previous goes back through them, Next adds one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pageIndex = cursors.length - 1;
  const table = useReportTable(site.siteId, filters, cursors[pageIndex]);
  const captionId = useId();

  const change = useCallback((next: Partial<ReportTableFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setCursors([undefined]);
  }, []);
  const onSearch = useCallback((q: string) => change({ q: q || undefined }), [change]);
  const data = table.data;
  const filtered = Boolean(filters.verdict || filters.engineer || filters.from || filters.to || filters.q);
  const first = pageIndex * REPORT_TABLE_PAGE_SIZE + 1;
  const sortLabel = COLUMNS.find((c) => c.sort === filters.sort)!.label;

  return (
    <div className="space-y-4 pt-3">
      {data ? <Counts counts={data.counts} /> : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" role="group" aria-label="Filters">
        <Field label="Result">
          <Select
            value={filters.verdict ?? ''}
            onChange={(e) => change({ verdict: (e.target.value || undefined) as ReportVerdict | undefined })}
          >
            <option value="">All results</option>
            {REPORT_VERDICTS.map((v) => (
              <option key={v} value={v}>
                {REPORT_VERDICT_LABELS[v]}
                {data ? ` (${number(data.counts[COUNT_KEYS[v]])})` : ''}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Engineer">
          <Select value={filters.engineer ?? ''} onChange={(e) => change({ engineer: e.target.value || undefined })}>
            <option value="">All engineers</option>
            {(data?.engineers ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <DateEntry
          label="Completed from"
          value={filters.from ?? ''}
          onChange={(from) => change({ from: from || undefined })}
        />
        <DateEntry label="Completed to" value={filters.to ?? ''} onChange={(to) => change({ to: to || undefined })} />
        <div className="col-span-2 lg:col-span-1">
          <SearchBox label="Search" placeholder="Address or HIU serial" onSearch={onSearch} />
        </div>
      </div>

      {table.isError && !data ? (
        <Problem error={table.error} what="the flats" back={null} onRetry={() => void table.refetch()} />
      ) : !data ? (
        <p role="status" className="text-slate-600">
          Loading flats...
        </p>
      ) : (
        <>
          {table.isError ? (
            <Problem error={table.error} what="this page" back={null} onRetry={() => void table.refetch()} />
          ) : null}
          <div
            // Positioned, so screen-reader-only text inside stays inside it and never widens the page on a phone.
            className="relative overflow-x-auto rounded-lg border border-slate-200"
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
          >
            <table className="w-full min-w-[56rem] border-collapse text-left text-sm" aria-busy={table.isFetching}>
              <caption id={captionId} className="sr-only">
                Flats of {site.siteName}, {site.location}, sorted by {sortLabel}{' '}
                {filters.dir === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {COLUMNS.map((c) => {
                    const active = filters.sort === c.sort;
                    return (
                      <th
                        key={c.sort}
                        scope="col"
                        aria-sort={active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                      >
                        <button
                          type="button"
                          className="flex min-h-11 w-full items-center gap-1 px-3 font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                          onClick={() =>
                            change({
                              sort: c.sort,
                              dir: active ? (filters.dir === 'asc' ? 'desc' : 'asc') : c.firstDir,
                            })
                          }
                        >
                          {c.label}
                          <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-400'}>
                            {active ? (filters.dir === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      </th>
                    );
                  })}
                  <th scope="col" className="px-3 font-semibold">
                    Report
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <ReportTableRow key={row.propertyId} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 ? (
            <p className="text-slate-600">{filtered ? 'No flat matches these filters.' : 'This site has no flats.'}</p>
          ) : null}
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {data.items.length
                ? `Flats ${number(first)}–${number(first + data.items.length - 1)} of ${number(data.total)}`
                : `0 of ${number(data.total)}`}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={pageIndex === 0 || table.isFetching}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Previous page
              </Button>
              <Button
                variant="secondary"
                disabled={!data.next || table.isFetching}
                onClick={() => data.next && setCursors((c) => [...c, data.next!])}
              >
                Next page
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}

/** Every flat of the site by its current result: a failure superseded by a pass counts as passed. */
function Counts({ counts }: { counts: ReportTableCounts }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="site-counts">
      <span className="font-semibold text-slate-900">
        {number(counts.total)} {counts.total === 1 ? 'flat' : 'flats'}:
      </span>
      {REPORT_VERDICTS.map((v) => (
        <VerdictBadge
          key={v}
          verdict={v}
          label={`${number(counts[COUNT_KEYS[v]])} ${REPORT_VERDICT_LABELS[v].toLowerCase()}`}
        />
      ))}
    </p>
  );
}
