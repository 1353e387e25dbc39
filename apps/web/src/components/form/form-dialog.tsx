import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../ui/button';
// The dialog's own code, not its lazy wrapper: a form dialog is itself loaded when first opened, so both come in
// one go instead of one after the other.
import DialogContent from '../ui/dialog-content';
import { SchemaForm } from './schema-form';
import { FORM_ERROR } from './server-errors';

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
  const { isSubmitting } = form.formState;
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
      <SchemaForm form={form} id={id} onSubmit={onSubmit} onInvalid={onInvalid} onRefused={onRefused}>
        {children}
      </SchemaForm>
    </DialogContent>
  );
}

export { FORM_ERROR };
