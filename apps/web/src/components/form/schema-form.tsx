import type { ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FORM_ERROR, showServerErrors } from './server-errors';

export interface SchemaFormProps<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  /** For a submit button outside the form (a dialog's footer). */
  id?: string;
  className?: string;
  /** Sends the checked values; a refusal it throws is shown beside the fields it names. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** After a submit the schema refused, with its first message (the first invalid field already has focus). */
  onInvalid?: (message: string) => void;
  /** After the save failed: a toast saying so, where the screen wants one. */
  onRefused?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * The form every office form is: its fields under one react-hook-form, checked by the schema on submit, a refusal
 * put beside the fields it names and one that names no field said once at the end. A dialog (`FormDialog`) or a
 * page (Design Parameters) holds it.
 */
export function SchemaForm<In extends FieldValues, Out>({
  form,
  id,
  className = 'flex flex-col gap-4',
  onSubmit,
  onInvalid,
  onRefused,
  children,
}: SchemaFormProps<In, Out>) {
  const formError = (form.formState.errors.root as FieldErrors | undefined)?.server?.message;
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        onRefused?.(error);
        showServerErrors(form as UseFormReturn<In, unknown, never>, error);
      }
    },
    (invalid) => onInvalid?.(firstMessage(invalid)),
  );
  return (
    <FormProvider {...form}>
      <form id={id} className={className} noValidate onSubmit={(e) => void submit(e)}>
        {children}
        {typeof formError === 'string' ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {formError}
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}

function firstMessage(errors: FieldErrors): string {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
    // A nested value's message (a design parameter) is inside its group.
    if (error && typeof error === 'object') {
      const inner = firstMessage(error as FieldErrors);
      if (inner) return inner;
    }
  }
  return '';
}

export { FORM_ERROR };
