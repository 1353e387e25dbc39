import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Field } from '../ui/field';
import { NumberInput, type NumberInputProps } from '../ui/input';
import { fieldError } from './form-field';

/**
 * A number of the surrounding form in a measurement box (decimal keypad, the unit beside it), bound by name, with
 * its error beside it. `placeholder` shows the value that applies while this one is empty.
 */
export function NumberField({
  name,
  label,
  unit,
  hint,
  placeholder,
  ariaLabel,
  className,
}: {
  name: string;
  label: ReactNode;
  unit?: string;
  hint?: ReactNode;
  placeholder?: string;
  ariaLabel?: string;
  className?: string;
}) {
  const { formState } = useFormContext();
  return (
    <Field label={label} hint={hint} className={className} error={fieldError(formState.errors, name)}>
      <BoundNumber name={name} unit={unit} placeholder={placeholder} aria-label={ariaLabel} />
    </Field>
  );
}

/** The box itself: takes the id and descriptions Field gives it, and its value from the form. */
function BoundNumber({ name, ...props }: { name: string } & Omit<NumberInputProps, 'value' | 'onValueChange'>) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
