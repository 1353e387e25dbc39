import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';
import { MarkedFlag } from './marked-flag';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** A reading to check again that does not stop the check (amber, words first; announced politely). */
  warning?: ReactNode;
  required?: boolean;
  className?: string;
  /** A button beside the control, such as Scan. */
  action?: ReactNode;
  /** On a re-test, the reviewer marked this value to check again: flagged under the label. */
  marked?: boolean;
  /** A single input element; it gets id, aria-describedby and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
}

/** Label, control, hint, warning and error wired together for screen readers. */
export function Field({ label, hint, error, warning, required, className, action, marked, children }: FieldProps) {
  const id = useId();
  const markedId = marked ? `${id}-marked` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const warningId = warning ? `${id}-warning` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [markedId, hintId, warningId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: (children.props.id as string | undefined) ?? id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
      })
    : children;
  const controlId = (children.props.id as string | undefined) ?? id;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-semibold text-slate-800">
        {label}
        {required ? <span className="text-fail"> *</span> : null}
      </label>
      {markedId ? <MarkedFlag id={markedId} /> : null}
      {action ? (
        <div className="flex items-stretch gap-2">
          <div className="min-w-0 flex-1">{control}</div>
          {action}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <div id={hintId} className="text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {warning ? (
        <div id={warningId} role="status" className="text-sm font-medium text-pending">
          <span aria-hidden="true">⚠ </span>
          {warning}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} role="alert" className="text-sm font-medium text-fail">
          {error}
        </div>
      ) : null}
    </div>
  );
}
