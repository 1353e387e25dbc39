import { cn } from '../../../components/ui/cn';

export interface ListedIssue {
  where: string;
  message: string;
  detail?: string;
  severity: 'error' | 'warning';
}

/** Problems found in a CSV file, each with where it is and its severity in words and colour. */
export function IssueList({ label, issues, total }: { label: string; issues: ListedIssue[]; total?: number }) {
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold">{label}</h4>
      {total !== undefined && total > issues.length ? (
        <p className="text-sm text-slate-600">
          Showing the first {issues.length} of {total}.
        </p>
      ) : null}
      <ul className="mt-2 flex max-h-72 flex-col gap-2 overflow-y-auto" aria-label={label}>
        {issues.map((issue, i) => (
          <li
            key={i}
            className={cn(
              'rounded-md border-l-4 bg-slate-50 p-2 text-sm',
              issue.severity === 'error' ? 'border-fail' : 'border-amber-500',
            )}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{issue.where}</span>
              <span
                className={cn(
                  'rounded-full border px-2 text-xs font-semibold uppercase',
                  issue.severity === 'error'
                    ? 'border-red-300 bg-red-100 text-red-900'
                    : 'border-amber-300 bg-amber-100 text-amber-900',
                )}
              >
                {issue.severity === 'error' ? 'Error' : 'Warning'}
              </span>
            </div>
            <p className="mt-1 break-words">{issue.message}</p>
            {issue.detail ? <p className="mt-1 break-words text-slate-700">{issue.detail}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
