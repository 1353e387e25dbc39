import { forwardRef, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { MEASUREMENT_TEXT, spliceInto } from './measurement-text';

const base =
  'block w-full min-h-12 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 read-only:bg-slate-100 read-only:text-slate-700 aria-[invalid=true]:border-fail';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(base, className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(base, 'py-2', className)} {...props} />;
});

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Shown beside the value: °C, L/min, bar, kW. */
  unit?: string;
}

/**
 * A measurement box: decimal keypad on phones, step 0.1, the unit beside the value.
 * The value stays the string typed (docs/product.md#numbers); only digits, one point and a leading minus get in. A paste
 * such as "46.2 °C" keeps its number; what cannot get in is said under the box, never dropped in silence.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { value, onValueChange, unit, className, ...props },
  ref,
) {
  const [refused, setRefused] = useState('');
  const accept = (next: string) => {
    setRefused('');
    onValueChange(next);
  };
  return (
    <div>
      <div className="relative flex items-stretch">
        <input
          ref={ref}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          data-step="0.1"
          value={value}
          onChange={(e) => {
            const v = e.target.value.replace(',', '.');
            if (MEASUREMENT_TEXT.test(v)) accept(v);
            else setRefused('Only numbers can go in this box.');
          }}
          onPaste={(e) => {
            e.preventDefault();
            const text = e.clipboardData.getData('text/plain');
            const box = e.currentTarget;
            const at = [box.selectionStart ?? value.length, box.selectionEnd ?? value.length] as const;
            import('./pasted-number').then(
              ({ pasteIntoBox }) => {
                const pasted = pasteIntoBox(value, text, at, unit);
                if ('error' in pasted) setRefused(pasted.error);
                else accept(pasted.value);
              },
              () => {
                // The rules could not be fetched (no signal yet): a plain number still goes in as typed.
                const typed = spliceInto(value, text.trim().replace(',', '.'), at);
                if (MEASUREMENT_TEXT.test(typed)) accept(typed);
                else setRefused('The paste could not be read. Type the value instead.');
              },
            );
          }}
          className={cn(base, 'text-lg tabular-nums', unit ? 'rounded-r-none' : '', className)}
          {...props}
        />
        {unit ? (
          <span className="flex min-w-14 items-center justify-center rounded-r-lg border border-l-0 border-slate-300 bg-slate-100 px-3 text-base font-medium text-slate-700">
            {unit}
          </span>
        ) : null}
      </div>
      <p aria-live="polite" className={cn('text-sm font-medium text-fail', refused ? 'mt-1' : 'sr-only')}>
        {refused}
      </p>
    </div>
  );
});
