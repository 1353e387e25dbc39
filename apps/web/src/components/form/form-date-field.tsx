import { useController, useFormContext } from 'react-hook-form';
import type { ReactNode } from 'react';
import { DateEntry } from '../date-entry/date-entry';

/** A form's calendar date (yyyy-mm-dd in the form's values), typed and shown as dd/mm/yyyy like every office date. */
export function FormDateField({
  name,
  label,
  hint,
  min,
  max,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  min?: string;
  max?: string;
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <DateEntry
      label={label}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      hint={hint}
      error={fieldState.error?.message}
      min={min}
      max={max}
    />
  );
}
