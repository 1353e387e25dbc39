import { PROPERTY_STATUS_LABELS, type PropertyStatus } from '@hiu/domain';
import { cn } from './ui/cn';

const looks: Record<PropertyStatus, { cls: string; icon: string }> = {
  passed: { cls: 'bg-green-100 text-green-900 border-green-300', icon: '✓' },
  failed: { cls: 'bg-red-100 text-red-900 border-red-300', icon: '✕' },
  pending: { cls: 'bg-amber-100 text-amber-900 border-amber-300', icon: '!' },
  in_progress: { cls: 'bg-sky-100 text-sky-900 border-sky-300', icon: '…' },
  not_started: { cls: 'bg-white text-slate-700 border-slate-300', icon: '○' },
};

/** Where a property stands: colour, symbol and words, so it reads without colour vision. */
export function PropertyStatusBadge({ status, className }: { status: PropertyStatus; className?: string }) {
  const look = looks[status];
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-semibold whitespace-nowrap',
        look.cls,
        className,
      )}
    >
      <span aria-hidden="true">{look.icon}</span>
      {PROPERTY_STATUS_LABELS[status]}
    </span>
  );
}
