import { Suspense, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import { formatDate, formatRange, judge, stepByNumber, type ReportSummary } from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { NumberInput } from '../../components/ui/input';
import { DateEntry } from '../../components/date-entry/date-entry';
import { Page } from '../../components/ui/page';
import { Problem } from '../../components/problem';
import { api, ApiError } from '../../lib/api-client';
import { lazyComponent } from '../../lib/lazy-component';
import { notify } from '../../lib/toast';

const signaturePad = lazyComponent(() => import('../../components/signature-pad').then((m) => m.SignaturePad));

interface Witnessable {
  id: string;
  step: number;
  label: string;
  unit: string;
  range: { min: number | null; max: number | null };
}

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const readings = (n: number) => `${n} reading${n === 1 ? '' : 's'}`;

/**
 * An assessor witnesses an approved report (docs/product.md#witnessing-and-sampling): enters the values they saw,
 * each judged at once against the report's range, signs, and confirms before the record is kept.
 */
export default function WitnessPage() {
  const { reportId = '' } = useParams<{ reportId: string }>();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const report = useQuery<ReportSummary>({ queryKey: [`/api/reports/${reportId}`] });
  const offered = useQuery<Witnessable[]>({ queryKey: [`/api/reports/${reportId}/witnessable`] });
  const [values, setValues] = useState<Record<string, string>>({});
  const [date, setDate] = useState(today);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [asking, setAsking] = useState(false);
  const padLabel = useId();
  const entered = (offered.data ?? []).filter((r) => (values[r.id] ?? '').trim() !== '');
  // The readings by the step they were taken in: two steps each have a primary return temperature.
  const steps = [...new Set((offered.data ?? []).map((r) => r.step))].map((step) => ({
    step,
    items: (offered.data ?? []).filter((r) => r.step === step),
  }));
  const back = report.data?.siteId ? `/dashboard/${report.data.siteId}` : '/';

  const save = useMutation({
    mutationFn: () =>
      api.post(`/api/reports/${reportId}/witness-records`, {
        date,
        signature,
        readings: entered.map((r) => ({ id: r.id, value: Number(values[r.id]) })),
      }),
    onSuccess: () => {
      notify.success('Witness recorded', 'Your witness and signature go into the next evidence pack');
      void client.invalidateQueries();
      navigate(back);
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.fieldErrors);
      notify.error('Could not record the witness', e instanceof ApiError ? e.userMessage : String(e));
    },
    onSettled: () => setAsking(false),
  });

  const submit = () => {
    const missing = {
      readings: entered.length ? undefined : 'Enter at least one reading you witnessed',
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? undefined : 'Enter the day you witnessed it',
      signature: signature ? undefined : 'Sign in the box',
    };
    setErrors(missing);
    if (!missing.readings && !missing.date && !missing.signature) setAsking(true);
  };

  const gone = report.error ?? offered.error;
  if (gone)
    return (
      <Page title="Witness">
        <Problem error={gone} what="this report" onRetry={() => void report.refetch()} />
      </Page>
    );

  return (
    <Page
      title={report.data ? `Witness: ${report.data.propertyAddress}` : 'Witness'}
      subtitle={report.data ? `${report.data.siteName} · ${report.data.reference}` : undefined}
      actions={
        <Link to={back} className={buttonClass('secondary')}>
          Back
        </Link>
      }
    >
      <div className="space-y-4">
        <Card className="space-y-3" aria-labelledby="witnessed-heading">
          <h2 id="witnessed-heading" className="text-xl font-bold">
            Readings you witnessed
          </h2>
          <p className="text-slate-700">
            Enter the values you saw. Each is judged against the range this report was judged against. Leave out what
            you did not see.
          </p>
          {errors.readings ? (
            <p role="alert" className="text-sm font-medium text-fail">
              {errors.readings}
            </p>
          ) : null}
          {offered.isPending ? <p role="status">Loading the readings...</p> : null}
          {steps.map(({ step, items }) => (
            <fieldset key={step} className="space-y-3">
              <legend className="mb-2 text-lg font-semibold">{stepByNumber(step)?.name ?? `Step ${step}`}</legend>
              <ul className="space-y-3">
                {items.map((r) => {
                  const value = values[r.id] ?? '';
                  const verdict = judge(value, r.range);
                  const range = formatRange(r.range);
                  return (
                    <li key={r.id}>
                      <Field
                        label={r.label}
                        hint={
                          <span className="flex flex-wrap items-center gap-2">
                            {range ? `Range ${range} ${r.unit}`.trim() : 'Recorded, not judged'}
                            {verdict === 'pending' ? null : <StatusBadge status={verdict} />}
                          </span>
                        }
                      >
                        <NumberInput
                          value={value}
                          unit={r.unit || undefined}
                          onValueChange={(v) => {
                            setValues((now) => ({ ...now, [r.id]: v }));
                            if (v.trim()) setErrors((now) => ({ ...now, readings: undefined }));
                          }}
                        />
                      </Field>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </Card>

        <Card className="space-y-3" aria-labelledby="sign-heading">
          <h2 id="sign-heading" className="text-xl font-bold">
            Sign
          </h2>
          <DateEntry label="Day witnessed" value={date} onChange={setDate} error={errors.date} />
          <div>
            <p id={padLabel} className="mb-1 font-semibold">
              Your signature
            </p>
            <Suspense
              fallback={<div className="aspect-[3/1] rounded-lg border-2 border-dashed border-slate-400 bg-white" />}
            >
              <signaturePad.Component
                imageUrl={null}
                onChange={(png) => {
                  setSignature(png);
                  // A message answered by signing goes with it.
                  if (png) setErrors((now) => ({ ...now, signature: undefined }));
                }}
                labelledBy={padLabel}
              />
            </Suspense>
            {errors.signature ? (
              <p role="alert" className="mt-1 text-sm font-medium text-fail">
                {errors.signature}
              </p>
            ) : null}
          </div>
          <Button onClick={submit} disabled={save.isPending} className="w-full">
            {save.isPending ? 'Recording...' : 'Record witness'}
          </Button>
        </Card>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? undefined : setAsking(false))}
        title="Record your witness?"
        description={
          <p>
            You sign that you witnessed {readings(entered.length)} at {report.data?.propertyAddress ?? 'this flat'} on{' '}
            {formatDate(date)}. The record goes into the evidence pack and cannot be changed.
          </p>
        }
        confirmLabel={`Sign ${readings(entered.length)}`}
        busy={save.isPending}
        onConfirm={() => save.mutate()}
      />
    </Page>
  );
}
