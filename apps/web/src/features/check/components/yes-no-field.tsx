import { useId, useRef } from 'react';
import { cn } from '../../../components/ui/cn';
import { MarkedFlag } from '../../../components/ui/marked-flag';

interface YesNoFieldProps {
  label: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  /** Shown under the buttons, for example why a No matters. */
  hint?: string;
  required?: boolean;
  /** On a re-test, the reviewer marked this answer to check again. */
  marked?: boolean;
}

const OPTIONS = [
  { value: true, text: 'Yes' },
  { value: false, text: 'No' },
] as const;

/** Two big segmented buttons with radio-group semantics: arrow keys move and choose, as in a native radio group. */
export function YesNoField({ label, value, onChange, hint, required, marked }: YesNoFieldProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // The checked option takes the tab stop; with none checked, the first does.
  const tabStop = value === null ? 0 : value ? 0 : 1;

  function onKeyDown(e: React.KeyboardEvent, index: number) {
    const keys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const d = keys[e.key];
    if (d === undefined) return;
    e.preventDefault();
    const next = (index + d + OPTIONS.length) % OPTIONS.length;
    onChange(OPTIONS[next]!.value);
    refs.current[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-base font-semibold text-slate-800">
        {label}
        {required ? <span className="text-fail"> *</span> : null}
      </span>
      {marked ? <MarkedFlag id={`${id}-marked`} /> : null}
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={
          [marked ? `${id}-marked` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
        }
        aria-required={required || undefined}
        className="grid grid-cols-2 gap-2"
      >
        {OPTIONS.map((o, i) => {
          const checked = value === o.value;
          return (
            <button
              key={o.text}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={i === tabStop ? 0 : -1}
              onClick={() => onChange(o.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                'flex min-h-14 items-center justify-center gap-2 rounded-lg border-2 text-lg font-semibold transition-colors',
                checked && o.value && 'border-pass bg-green-50 text-green-900',
                checked && !o.value && 'border-fail bg-red-50 text-red-900',
                !checked && 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              <span aria-hidden="true">{checked ? (o.value ? '✓' : '✕') : ''}</span>
              {o.text}
            </button>
          );
        })}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
