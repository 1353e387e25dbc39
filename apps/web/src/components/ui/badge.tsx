import { cn } from './cn';

type Status = 'pass' | 'fail' | 'pending' | 'n/a' | 'PASS' | 'FAIL' | 'PENDING';

const styles: Record<string, { cls: string; text: string; icon: string }> = {
  pass: { cls: 'bg-green-100 text-green-900 border-green-300', text: 'Pass', icon: '✓' },
  fail: { cls: 'bg-red-100 text-red-900 border-red-300', text: 'Fail', icon: '✕' },
  pending: { cls: 'bg-amber-100 text-amber-900 border-amber-300', text: 'Pending', icon: '…' },
  'n/a': { cls: 'bg-slate-100 text-slate-700 border-slate-300', text: 'N/A', icon: '–' },
};

/** Pass/fail shown with colour AND text AND a symbol, so it reads without colour vision. */
export function StatusBadge({ status, label, className }: { status: Status; label?: string; className?: string }) {
  const s = styles[status.toLowerCase()] ?? styles['n/a']!;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        s.cls,
        className,
      )}
    >
      <span aria-hidden="true">{s.icon}</span>
      {label ?? s.text}
    </span>
  );
}

export function CountBadge({ tone, children }: { tone: 'pass' | 'fail' | 'neutral'; children: React.ReactNode }) {
  const cls =
    tone === 'pass'
      ? 'bg-green-100 text-green-900 border-green-300'
      : tone === 'fail'
        ? 'bg-red-100 text-red-900 border-red-300'
        : 'bg-slate-100 text-slate-800 border-slate-300';
  return (
    <span className={cn('inline-flex rounded-full border px-2.5 py-0.5 text-sm font-semibold', cls)}>{children}</span>
  );
}
