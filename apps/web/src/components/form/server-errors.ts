import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';

/** Where a refused save's message shows when it names no field of the form. */
export const FORM_ERROR = 'root.server';

/**
 * Puts the server's refusal beside the fields it names ("events.0" belongs to "events") and focuses the first;
 * what names no field of this form is said once for the whole form.
 */
export function showServerErrors<T extends FieldValues, Out>(form: UseFormReturn<T, unknown, Out>, error: unknown) {
  const values = form.getValues();
  let focused = false;
  let left: string | undefined;
  if (error instanceof ApiError) {
    for (const [key, message] of Object.entries(error.fieldErrors)) {
      const field = fieldNamed(values, key);
      if (!field) {
        left ??= message;
        continue;
      }
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
    if (!focused) left = error.userMessage;
  } else {
    left = error instanceof Error ? error.message : String(error);
  }
  if (left !== undefined) form.setError(FORM_ERROR as Path<T>, { type: 'server', message: left });
}

/**
 * The field of the form a refusal's path names: the value at that path (a design parameter inside its group), else
 * the list or value it is part of ("events.0" belongs to "events"); none when the form has no such field.
 */
function fieldNamed(values: FieldValues, key: string): string | undefined {
  const value: unknown = get(values, key);
  if (value !== undefined && (typeof value !== 'object' || value === null)) return key;
  const top = key.split('.')[0] ?? key;
  const topValue: unknown = values[top];
  if (topValue === undefined) return undefined;
  return key === top || Array.isArray(topValue) || typeof topValue !== 'object' ? top : undefined;
}

/** What a failed save says in a toast: the server's words, or the screen's own when it sent none. */
export function refusal(error: unknown, otherwise: string): string {
  return error instanceof ApiError ? error.userMessage : otherwise;
}

/** An Error toast for a refused submit (the schema's first message) or a failed save: said wherever focus is. */
export function errorToasts(otherwise: string) {
  return {
    onInvalid: (message: string) => notify.error('Error', message),
    onRefused: (error: unknown) => notify.error('Error', refusal(error, otherwise)),
  };
}
