import type { ReactNode } from 'react';
import { formatRange, judge, type Range } from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';

/**
 * One recorded value on the review screen: its label, the value with its unit, and, when judged, the range
 * it was judged against with its verdict in colour and words.
 */
export function ReadingRow({
  field,
  label,
  value,
  unit,
  range,
  marked = false,
}: {
  field: string;
  label: ReactNode;
  value: string;
  unit: string;
  range?: Range;
  marked?: boolean;
}) {
  return (
    <li className={cn('flex items-center justify-between gap-3 p-3', marked && 'bg-amber-50')} data-field={field}>
      <div className="min-w-0">
        <p className="text-sm text-slate-700">{label}</p>
        <p className="font-semibold break-words text-slate-900">
          {value || '(empty)'} {value && unit ? unit : ''}
        </p>
        {range ? (
          <p className="text-sm text-slate-600">
            Range {formatRange(range)} {unit}
          </p>
        ) : null}
      </div>
      {range ? <StatusBadge status={judge(value, range)} /> : null}
    </li>
  );
}
