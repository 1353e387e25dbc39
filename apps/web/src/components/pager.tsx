import { Button } from './ui/button';

/** "Showing 1-25 of 1,000" with Previous and Next; nothing when everything fits on one page. */
export function Pager({
  offset,
  limit,
  total,
  noun,
  onOffset,
}: {
  offset: number;
  limit: number;
  total: number;
  noun: string;
  onOffset: (offset: number) => void;
}) {
  if (total <= limit && offset === 0) return null;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  const n = (v: number) => v.toLocaleString('en-GB');
  return (
    <nav aria-label={`${noun} pages`} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        {n(from)}-{n(to)} of {n(total)} {noun}
      </p>
      <Button variant="secondary" disabled={to >= total} onClick={() => onOffset(offset + limit)}>
        Next
      </Button>
    </nav>
  );
}
