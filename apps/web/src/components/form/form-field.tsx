import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { get, useFormContext, type RegisterOptions } from 'react-hook-form';
import { Field } from '../ui/field';

/** A labelled field of the surrounding form: its one control is bound by name and shows its error beside it. */
export function FormField({
  name,
  label,
  hint,
  required,
  className,
  options,
  children,
}: {
  name: string;
  /** Such as onChange, to do more when the value changes. */
  options?: RegisterOptions;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const { register, formState } = useFormContext();
  const error = fieldError(formState.errors, name);
  return (
    <Field label={label} hint={hint} required={required} className={className} error={error}>
      {cloneElement(children, register(name, options))}
    </Field>
  );
}

/** A field's message, for the controls that draw their own error. */
export function fieldError(errors: object, name: string): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}
