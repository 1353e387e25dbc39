import { useState } from 'react';
import {
  CORRECTABLE_FIELDS,
  correctableFieldOf,
  correctableFieldsOf,
  correctableValue,
  correctionValueError,
  limitsText,
  MAX_REVIEW_REASON,
  testPackName,
  type ReportDetail,
} from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useCorrection, useDecision } from './api';

const fieldError = (e: unknown, name: string) => (e instanceof ApiError ? e.fieldErrors[name] : undefined);

/** Send back with a required reason, marking the recorded values concerned (docs/product.md#review). */
export function SendBackDialog({
  report,
  open,
  onClose,
}: {
  report: ReportDetail;
  open: boolean;
  onClose: () => void;
}) {
  const decide = useDecision(report.id);
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!reason.trim()) return setError('Say why the report is sent back');
    decide.mutate(
      { decision: 'send_back', reason, fields, revision: report.revision },
      {
        onSuccess: () => {
          notify.success('Sent back', `${report.propertyAddress} is back on its engineer's list with your reason`);
          onClose();
        },
        onError: (e) => {
          setError(fieldError(e, 'reason'));
          notify.error('Could not send it back', e instanceof ApiError ? e.userMessage : String(e));
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Send back for a re-test"
      description={`${report.propertyAddress}: the engineer sees your reason and the marked values.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} disabled={decide.isPending}>
            {decide.isPending ? 'Sending back...' : 'Send back'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label="Reason" error={error} hint={`Required, at most ${MAX_REVIEW_REASON} characters.`}>
          <textarea
            className="min-h-28 w-full rounded-md border border-slate-300 p-3 text-base"
            value={reason}
            maxLength={MAX_REVIEW_REASON}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <fieldset>
          <legend className="mb-1 font-semibold">Values to check again (optional)</legend>
          <div className="max-h-64 space-y-1 overflow-y-auto">
            {CORRECTABLE_FIELDS.map((f) => (
              <label key={f.id} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={fields.includes(f.id)}
                  onChange={(e) =>
                    setFields((now) => (e.target.checked ? [...now, f.id] : now.filter((x) => x !== f.id)))
                  }
                />
                <span>
                  {f.label}: <strong>{correctableValue(report.wizardData, f) || '(empty)'}</strong> {f.unit}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}

/** Correct one recorded value with a reason; the server judges the report again (docs/product.md#corrections). */
export function CorrectionDialog({
  report,
  open,
  onClose,
}: {
  report: ReportDetail;
  open: boolean;
  onClose: () => void;
}) {
  const correct = useCorrection(report.id);
  const [fieldId, setFieldId] = useState('');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const field = correctableFieldOf(report.wizardData, fieldId);
  // The checklist's values, then the test pack's of the version the report was taken under (decision 190).
  const packFields = correctableFieldsOf(report.wizardData).slice(CORRECTABLE_FIELDS.length);
  const submit = () => {
    const missing: Record<string, string> = {};
    if (!field) missing.field = 'Choose the value to correct';
    if (!value.trim()) missing.value = 'Enter the corrected value';
    else if (field && correctionValueError(field, value.trim()))
      missing.value = correctionValueError(field, value.trim())!;
    if (!reason.trim()) missing.reason = 'Say why the value is corrected';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    correct.mutate(
      { field: fieldId, value, reason },
      {
        onSuccess: (r) => {
          notify.success(
            `Corrected: revision ${r.revision}`,
            r.verdictChanged ? `The verdict is now ${r.overallStatus}` : `The verdict stays ${r.overallStatus}`,
          );
          setFieldId('');
          setValue('');
          setReason('');
          onClose();
        },
        onError: (e) => {
          setErrors({ field: fieldError(e, 'field'), value: fieldError(e, 'value'), reason: fieldError(e, 'reason') });
          notify.error('Could not correct it', e instanceof ApiError ? e.userMessage : String(e));
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Correct a recorded value"
      description="For a mistyped serial or a transcription slip. The report is judged again and its PDF becomes a new revision; earlier ones stay."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={correct.isPending}>
            {correct.isPending ? 'Correcting...' : 'Correct'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label="Value" error={errors.field}>
          <Select
            value={fieldId}
            onChange={(e) => {
              setFieldId(e.target.value);
              const f = correctableFieldOf(report.wizardData, e.target.value);
              setValue(f ? correctableValue(report.wizardData, f) : '');
              setErrors((now) => ({ ...now, field: undefined, value: undefined }));
            }}
          >
            <option value="">Choose a value</option>
            {packFields.length ? (
              <>
                <optgroup label="Checklist">
                  <FieldOptions fields={CORRECTABLE_FIELDS} />
                </optgroup>
                <optgroup label={testPackName(report.testPack)}>
                  <FieldOptions fields={packFields} />
                </optgroup>
              </>
            ) : (
              <FieldOptions fields={CORRECTABLE_FIELDS} />
            )}
          </Select>
        </Field>
        {field ? (
          <p className="text-sm text-slate-700">
            Recorded: <strong>{correctableValue(report.wizardData, field) || '(empty)'}</strong> {field.unit}
          </p>
        ) : null}
        <Field
          label={field?.unit ? `Corrected value (${field.unit})` : 'Corrected value'}
          hint={field?.limits ? `From ${limitsText(field)}` : undefined}
          error={errors.value}
        >
          <Input
            value={value}
            inputMode={field?.kind === 'number' ? 'decimal' : 'text'}
            onChange={(e) => {
              setValue(e.target.value);
              // As typed, like the check's own field: a value its unit cannot be is named at once.
              const problem =
                field && e.target.value.trim() ? correctionValueError(field, e.target.value.trim()) : undefined;
              setErrors((now) => ({ ...now, value: problem }));
            }}
            autoComplete="off"
          />
        </Field>
        <Field label="Reason" error={errors.reason}>
          <textarea
            className="min-h-24 w-full rounded-md border border-slate-300 p-3 text-base"
            value={reason}
            maxLength={MAX_REVIEW_REASON}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
}

function FieldOptions({ fields }: { fields: readonly { id: string; label: string }[] }) {
  return fields.map((f) => (
    <option key={f.id} value={f.id}>
      {f.label}
    </option>
  ));
}
