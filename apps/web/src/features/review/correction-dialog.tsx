import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import {
  CORRECTABLE_FIELDS,
  correctableFieldOf,
  correctableFieldsOf,
  correctableValue,
  correctedDeltaT,
  correctionBody,
  correctionContradictions,
  correctionValueError,
  deltaTText,
  isRoomReadingCorrectableId,
  limitsText,
  MAX_REVIEW_REASON,
  radiatorCorrectables,
  roomReadingCorrectables,
  testPackName,
  withCorrection,
} from '@hiu/domain';
import { FormDialog, FormField, refusal, useSchemaForm } from '../../components/form';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { notify } from '../../lib/toast';
import { useCorrection } from './api';
import type { ReportDialogProps } from './report-dialog';

/** Correct one recorded value with a reason; the server judges the report again (docs/product.md#corrections). */
export default function CorrectionDialog({ report, open, onOpenChange }: ReportDialogProps) {
  const correct = useCorrection(report.id);
  // The API's body, and what this report's values allow: a pack value exists only in the version it was taken under.
  const schema = useMemo(
    () =>
      correctionBody.superRefine((b, ctx) => {
        const field = correctableFieldOf(report.wizardData, b.field);
        if (!field) return ctx.addIssue({ code: 'custom', path: ['field'], message: 'Choose the value to correct' });
        const problem = b.value ? correctionValueError(field, b.value) : undefined;
        if (problem) return ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
        // A radiator's return above its flow, as typed; the server names the rest (the flat's design decides some).
        const [clash] = isRoomReadingCorrectableId(field.id)
          ? correctionContradictions(withCorrection(report.wizardData, field, b.value), field)
          : [];
        if (clash) ctx.addIssue({ code: 'custom', path: ['value'], message: clash.message });
      }),
    [report.wizardData],
  );
  // As typed, like the check's own field: a value its unit cannot be is named at once.
  const form = useSchemaForm(schema, { field: '', value: '', reason: '' }, 'onChange');
  const field = correctableFieldOf(report.wizardData, useWatch({ control: form.control, name: 'field' }));
  // The checklist's values, then the test pack's of the version the report was taken under.
  const packFields = correctableFieldsOf(report.wizardData).slice(CORRECTABLE_FIELDS.length);
  const radiators = radiatorCorrectables(report.wizardData);
  const roomReadings = roomReadingCorrectables(report.wizardData);
  const typed = useWatch({ control: form.control, name: 'value' });
  const deltaT = field ? correctedDeltaT(report.wizardData, field, typed) : undefined;
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Correct a recorded value"
      description="For a mistyped serial or a transcription slip. The report is judged again and its PDF becomes a new revision; earlier ones stay."
      submitLabel="Correct"
      pendingLabel="Correcting..."
      onRefused={(e) => notify.error('Could not correct it', refusal(e, String(e)))}
      onSubmit={async (body) => {
        const r = await correct.mutateAsync(body);
        notify.success(
          `Corrected: revision ${r.revision}`,
          r.verdictChanged ? `The verdict is now ${r.overallStatus}` : `The verdict stays ${r.overallStatus}`,
        );
        onOpenChange(false);
      }}
    >
      <FormField
        name="field"
        label="Value"
        options={{
          onChange: (e: { target: { value: string } }) => {
            const chosen = correctableFieldOf(report.wizardData, e.target.value);
            form.setValue('value', chosen ? correctableValue(report.wizardData, chosen) : '');
            form.clearErrors('value');
          },
        }}
      >
        <Select>
          <option value="">Choose a value</option>
          {packFields.length || radiators.length || roomReadings.length ? (
            <>
              <optgroup label="Checklist">
                <FieldOptions fields={CORRECTABLE_FIELDS} />
              </optgroup>
              {radiators.length ? (
                <optgroup label="Radiator valve settings">
                  <FieldOptions fields={radiators} />
                </optgroup>
              ) : null}
              {roomReadings.length ? (
                <optgroup label="Radiator temperatures and underfloor zones">
                  <FieldOptions fields={roomReadings} />
                </optgroup>
              ) : null}
              {packFields.length ? (
                <optgroup label={testPackName(report.testPack)}>
                  <FieldOptions fields={packFields} />
                </optgroup>
              ) : null}
            </>
          ) : (
            <FieldOptions fields={CORRECTABLE_FIELDS} />
          )}
        </Select>
      </FormField>
      {field ? (
        <p className="text-sm text-slate-700">
          Recorded: <strong>{correctableValue(report.wizardData, field) || '(empty)'}</strong> {field.unit}
        </p>
      ) : null}
      <FormField
        name="value"
        label={field?.unit ? `Corrected value (${field.unit})` : 'Corrected value'}
        hint={field?.limits ? `From ${limitsText(field)}` : undefined}
      >
        <Input inputMode={field?.kind === 'number' ? 'decimal' : 'text'} autoComplete="off" />
      </FormField>
      {deltaT !== undefined ? (
        // Worked out from the flow and return, never typed (docs/product.md#corrections).
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="corrected-delta-t">
          {deltaT === null ? 'ΔT shows once both are numbers' : `${deltaTText(deltaT)} with this value`}
        </p>
      ) : null}
      <FormField name="reason" label="Reason">
        <Textarea className="min-h-24" maxLength={MAX_REVIEW_REASON} />
      </FormField>
    </FormDialog>
  );
}

function FieldOptions({ fields }: { fields: readonly { id: string; label: string }[] }) {
  return fields.map((f) => (
    <option key={f.id} value={f.id}>
      {f.label}
    </option>
  ));
}
