import { describe, expect, it } from 'vitest';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { FORM_ERROR, showServerErrors } from './server-errors';

/** The two calls showServerErrors makes, recorded. */
function fakeForm(values: Record<string, unknown>) {
  const set: { name: string; message: string; focus: boolean }[] = [];
  const form = {
    getValues: () => values,
    setError: (name: string, error: { message: string }, options?: { shouldFocus?: boolean }) =>
      set.push({ name, message: error.message, focus: options?.shouldFocus ?? false }),
  } as unknown as UseFormReturn<Record<string, unknown>, unknown, never>;
  return { form, set };
}

const refused = (message: string, fields?: Record<string, string>) =>
  new ApiError(422, '', { error: { code: 'validation', message, fields } });

describe('a refused save, shown on the form', () => {
  it('puts each message beside the field it names, "events.0" under "events", and focuses only the first', () => {
    const { form, set } = fakeForm({ url: '', events: [] });
    showServerErrors(form, refused('Invalid', { url: 'Enter a full address', 'events.0': 'Choose an event' }));
    expect(set).toEqual([
      { name: 'url', message: 'Enter a full address', focus: true },
      { name: 'events', message: 'Choose an event', focus: false },
    ]);
  });

  it('puts a refusal of a value inside a group beside that value, and one naming a whole group on the form', () => {
    const { form, set } = fakeForm({ designParameters: { standby: { flowTempMin: '45' }, byPropertyType: {} } });
    showServerErrors(
      form,
      refused('Invalid', {
        'designParameters.standby.flowTempMin': 'Enter a number',
        'designParameters.byPropertyType.4b6p': "4b6p is not one of the site's property types",
      }),
    );
    expect(set).toEqual([
      { name: 'designParameters.standby.flowTempMin', message: 'Enter a number', focus: true },
      { name: FORM_ERROR, message: "4b6p is not one of the site's property types", focus: false },
    ]);
  });

  it('says once for the whole form what names no field of it', () => {
    const { form, set } = fakeForm({ name: '' });
    showServerErrors(form, refused('A site with this name already exists'));
    expect(set).toEqual([{ name: FORM_ERROR, message: 'A site with this name already exists', focus: false }]);
  });

  it('says a failure that is not a refusal, such as no signal, for the whole form', () => {
    const { form, set } = fakeForm({ name: '' });
    showServerErrors(form, new Error('Failed to fetch'));
    expect(set).toEqual([{ name: FORM_ERROR, message: 'Failed to fetch', focus: false }]);
  });
});
