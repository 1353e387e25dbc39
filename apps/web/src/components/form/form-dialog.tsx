import { useId, type ReactNode } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '../ui/button';
// The dialog's own code, not its lazy wrapper: a form dialog is itself loaded when first opened, so both come in
// one go instead of one after the other.
import DialogContent from '../ui/dialog-content';
import { FORM_ERROR, showServerErrors } from './server-errors';

export interface FormDialogProps<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The submit button's words: Save, Add Site, Make token; and while it sends (Saving... unless told). */
  submitLabel: string;
  pendingLabel?: string;
  submitVariant?: 'primary' | 'danger';
  /** Another button, before Cancel (Clear). */
  extraAction?: ReactNode;
  /** Sends the checked values; a refusal it throws is shown beside the fields it names. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** After a submit the schema refused, with its first message (the first invalid field already has focus). */
  onInvalid?: (message: string) => void;
  /** After the save failed: a toast saying so, where the screen wants one. */
  onRefused?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Every office form: a dialog holding the fields, Cancel and the submit button below, each error beside its field,
 * focus on the first invalid field, and a refusal that names no field said once above the buttons.
 */
export function FormDialog<In extends FieldValues, Out>({
  form,
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel = 'Saving...',
  submitVariant = 'primary',
  extraAction,
  onSubmit,
  onInvalid,
  onRefused,
  children,
}: FormDialogProps<In, Out>) {
  const id = useId();
  const { isSubmitting, errors } = form.formState;
  const formError = (errors.root as FieldErrors | undefined)?.server?.message;
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
    <DialogContent
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          {extraAction}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} form={id} disabled={isSubmitting}>
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={id} className="flex flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
          {children}
          {typeof formError === 'string' ? (
            <p role="alert" className="text-sm font-medium text-fail">
              {formError}
            </p>
          ) : null}
        </form>
      </FormProvider>
    </DialogContent>
  );
}

function firstMessage(errors: FieldErrors): string {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
  }
  return '';
}

export { FORM_ERROR };
