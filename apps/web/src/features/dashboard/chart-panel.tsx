import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { csvLine, neutraliseCsvCell } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { saveBlob } from '../../lib/api-client';

// uPlot loads with the first chart on this screen only.
const LazyChart = lazy(() => import('./chart').then((m) => ({ default: m.Chart })));
export type ChartProps = Parameters<typeof import('./chart').Chart>[0];

/**
 * A chart with its data as a table (Show table) and as CSV (Download CSV): the table is what a screen reader
 * and a narrow phone read best, the CSV what an assessor takes away.
 */
export function ChartPanel({
  title,
  caption,
  chart,
  columns,
  rows,
  file,
}: {
  title: string;
  caption?: ReactNode;
  chart: ChartProps | null;
  columns: string[];
  rows: (string | number)[][];
  file: string;
}) {
  const [table, setTable] = useState(false);
  const id = useId();
  const download = () => {
    const text = [columns, ...rows].map((r) => csvLine(r.map((c) => neutraliseCsvCell(String(c))))).join('');
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), file);
  };
  return (
    <Card aria-labelledby={id} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={id} className="text-lg font-bold">
            {title}
          </h3>
          {caption ? <p className="text-sm text-slate-700">{caption}</p> : null}
        </div>
        <div className="flex gap-2">
          {chart ? (
            <Button variant="secondary" size="sm" aria-pressed={table} onClick={() => setTable(!table)}>
              {table ? 'Show chart' : 'Show table'}
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={download} aria-label={`Download CSV of ${title}`}>
            CSV
          </Button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-slate-600">No data yet.</p>
      ) : table || !chart ? (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, table`}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((c) => (
                  <th key={c} className="p-2">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r, i) => (
                <tr key={i}>
                  {r.map((c, j) => (
                    <td key={j} className="p-2">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Suspense fallback={<Skeleton className="h-56" />}>
          <LazyChart {...chart} />
        </Suspense>
      )}
    </Card>
  );
}
