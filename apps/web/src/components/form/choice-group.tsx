import { useId, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { fieldError } from './form-field';

/**
 * Radio buttons (one value) or checkboxes (a list of values) under one legend, each a 44 px row, with the group's
 * error beside it.
 */
export function ChoiceGroup({
  name,
  legend,
  type,
  choices,
  required,
  listClassName,
  boxClassName = 'h-5 w-5',
}: {
  name: string;
  legend: ReactNode;
  type: 'radio' | 'checkbox';
  choices: readonly { value: string; label: ReactNode }[];
  required?: boolean;
  /** A long list scrolls within the dialog: max-h-64 overflow-y-auto. */
  listClassName?: string;
  /** The box's size; a list of marks to tick in a row uses size-6 inside a 44 px row. */
  boxClassName?: string;
}) {
  const id = useId();
  const { register, formState } = useFormContext();
  const error = fieldError(formState.errors, name);
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">
        {legend}
        {required ? <span className="text-fail"> *</span> : null}
      </legend>
      <div className={listClassName ?? 'contents'}>
        {choices.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-3 text-base">
            <input
              type={type}
              className={`${boxClassName} shrink-0`}
              value={c.value}
              aria-invalid={error ? true : undefined}
              {...register(name)}
            />
            {c.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-fail">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
