import { DevicePdfButton } from '../components/device-pdf-button';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { canSubmit, evaluate, NOTES_MAX, SECTIONS, stepByNumber, type SectionId } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/badge';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useWizard } from '../state/wizard-provider';
import { useMarkedItems } from '../state/marked-items';
import { sectionRows, SummaryList } from '../components/section-summary';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { useStep } from '../lib/use-step';
import { askLocation, LocationOptIn } from '../components/location-opt-in';
import { signInAgainPath } from '../../../lib/session';

const sectionTitle = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.title ?? '';

export function ReviewStep() {
  const [, navigate] = useLocation();
  const { state, submit, setNotes, update } = useWizard();
  const { step, ranges } = useStep('review');
  const marked = useMarkedItems();
  const { reset } = useWizard();
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const d = state.wizardData;
  const notes = state.notes;
  const evaluation = useMemo(() => evaluate(d, ranges), [d, ranges]);
  const notesRequired = evaluation.overall === 'FAIL';
  const fails = evaluation.issues.filter((i) => i.severity === 'fail');
  const warnings = evaluation.issues.filter((i) => i.severity === 'warning');

  // A report that failed to send and then went through on an automatic retry: the check is done.
  const sentInBackground = state.flowStatus === 'active' && state.submission?.status === 'sent' && !submitting;
  useEffect(() => {
    if (!sentInBackground) return;
    reset();
    navigate('/');
  }, [sentInBackground, reset, navigate]);

  const onSubmit = async () => {
    setSubmitting(true);
    setProblem(null);
    // Opted in: a fresh position for the submit; if none comes quickly, the one taken on opting in stays.
    if (d.submitLocation) {
      const fresh = await askLocation(5000);
      if (fresh.ok) update((w) => void (w.submitLocation = fresh.location));
    }
    const result = await submit(notes);
    if (result.status === 'sent') {
      // The data layer has reset the check and shown Report Submitted.
      navigate('/');
      return;
    }
    if (result.status === 'queued' && result.reason === 'signed-out') {
      // The session has ended: the report waits in the outbox and goes once the engineer signs in again.
      // Not reset here: a reset would send this screen home before sign-in shows. The check is marked as
      // submitted, so home does not offer it as unsaved work and the next Start begins afresh. The sign-in page
      // asks the server again, so every screen learns of the ended session there.
      navigate(signInAgainPath());
      return;
    }
    if (result.status === 'queued' && result.reason !== 'server-error') {
      // Offline (or slow): the report waits in the phone's outbox and goes by itself; the check is done.
      // Home says so: the outbox lists the report until the server has it.
      reset();
      navigate('/');
      return;
    }
    // Submission Failed (toast from the data layer): everything stays, and Submit tries again with the
    // same report id, so the server stores it once.
    setSubmitting(false);
    setProblem(
      result.status === 'rejected'
        ? `The server refused the report: ${result.message}`
        : 'The server could not take the report just now. Your data is kept on this phone; tap Submit Report to try again.',
    );
  };

  return (
    <WizardChrome
      step={step}
      primary={
        <NextButton
          label={submitting ? 'Submitting...' : 'Submit Report'}
          busy={submitting}
          disabled={!canSubmit(evaluation, notes)}
          onClick={() => void onSubmit()}
        />
      }
    >
      <div className="space-y-4">
        {problem ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900">
            <strong>Submission Failed.</strong> {problem}
          </p>
        ) : null}
        <Card aria-labelledby="overall-heading" className="flex items-center justify-between gap-3">
          <h2 id="overall-heading" className="text-lg font-bold">
            Overall Result
          </h2>
          <StatusBadge status={evaluation.overall} className="text-base" />
        </Card>

        <Card aria-labelledby="issues-heading">
          <h2 id="issues-heading" className="text-lg font-bold">
            Issues {evaluation.issues.length > 0 ? `(${evaluation.issues.length})` : ''}
          </h2>
          {evaluation.issues.length === 0 ? (
            <p className="mt-2 text-base text-pass">
              <span aria-hidden="true">✓ </span>No issues found.
            </p>
          ) : (
            <ul className="mt-2 space-y-2" data-testid="review-issues">
              {fails.map((i, n) => (
                <li key={`f-${n}`} className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-2 text-red-900">
                  <span aria-hidden="true">✕</span>
                  <span>
                    <span className="sr-only">Fail: </span>
                    <span className="block text-xs font-semibold uppercase">{sectionTitle(i.section)}</span>
                    {i.text}
                  </span>
                </li>
              ))}
              {warnings.map((i, n) => (
                <li
                  key={`w-${n}`}
                  className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-amber-900"
                >
                  <span aria-hidden="true">⚠</span>
                  <span>
                    <span className="sr-only">Warning: </span>
                    <span className="block text-xs font-semibold uppercase">{sectionTitle(i.section)}</span>
                    {i.text}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        {SECTIONS.map((s) => {
          const status = evaluation.sections[s.id];
          const slug = stepByNumber(s.step)!.slug;
          return (
            <Card key={s.id} aria-labelledby={`section-${s.id}`} data-testid={`section-${s.id}`}>
              <div className="flex items-center justify-between gap-2">
                <h2 id={`section-${s.id}`} className="text-lg font-bold">
                  {s.title}
                </h2>
                <StatusBadge status={status} />
              </div>
              <SummaryList rows={sectionRows(s.id, d, ranges)} marked={marked} />
              <Link
                to={`/check/${slug}?from=review`}
                className="mt-1 inline-flex min-h-12 items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Edit {s.title}
              </Link>
            </Card>
          );
        })}

        <Card>
          <Field
            label="Notes"
            required={notesRequired}
            hint={
              notesRequired
                ? 'Required: the check failed, so explain what was found and what happens next.'
                : 'Anything the office should know.'
            }
          >
            <Textarea
              rows={5}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={NOTES_MAX}
              className="min-h-32"
            />
          </Field>
        </Card>
        <Card aria-labelledby="location-heading" className="space-y-2">
          <h2 id="location-heading" className="text-lg font-bold">
            Location
          </h2>
          <LocationOptIn location={d.submitLocation} onChange={(l) => update((w) => void (w.submitLocation = l))} />
        </Card>
        <DevicePdfButton label="Download PDF preview" />
      </div>
    </WizardChrome>
  );
}
