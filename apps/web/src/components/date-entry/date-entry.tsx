import { Suspense } from 'react';
import { lazyRetry } from '../../lib/lazy-retry';
import { Skeleton } from '../ui/skeleton';
import type { DateEntryProps } from './date-picker';

export type { DateEntryProps };

// The picker's library is loaded when a screen first shows a date, not with the screen's code.
const DatePicker = lazyRetry(() => import('./date-picker'));

/**
 * A calendar date shown and typed as dd/mm/yyyy (docs/product.md#numbers): the browser's own date input follows
 * the browser's language, not the app's, and shows mm/dd/yyyy in many.
 */
export function DateEntry(props: DateEntryProps) {
  return (
    <Suspense
      fallback={
        <div className="flex flex-col gap-1" role="status" aria-label={`Loading ${props.label}`}>
          <span className="text-sm font-semibold text-slate-800">{props.label}</span>
          <Skeleton className="h-12" />
        </div>
      }
    >
      <DatePicker {...props} />
    </Suspense>
  );
}
