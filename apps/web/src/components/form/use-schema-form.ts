import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form validated by a zod schema (most often the API's own body schema from @hiu/domain), so the browser
 * refuses what the server would, with the same words. Errors show on submit, then follow each change.
 */
export function useSchemaForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
  /** 'onChange' where a value is judged as typed, as a measurement is. */
  mode: 'onSubmit' | 'onChange' = 'onSubmit',
) {
  return useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues, mode });
}
