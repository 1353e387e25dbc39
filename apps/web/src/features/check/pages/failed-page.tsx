import { DevicePdfButton } from '../components/device-pdf-button';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { failureRemedies, stepByNumber } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SignInToSend } from '../components/sign-in-to-send';
import { useOutbox, useWizard } from '../state/wizard-provider';
import { SaveBadge } from '../state/save-badge';
import { useRanges } from '../lib/use-ranges';

/** Next steps: the failed checks' remedies from the rule book between the lines every failure shares. */
function nextSteps(step: number, remedies: string[]): string[] {
  return [
    step === 3
      ? 'Do not leave the HIU in service until the standby readings are within range.'
      : 'Do not leave the HIU in service until the failed checks have been put right.',
    ...remedies,
    'Tell your supervisor or the site manager, quoting the HIU serial.',
    'When the fault is fixed, start a new check for this property.',
  ];
}

/** /check/failed: the device failed at step 2 or 3; the failure report is saved or queued. */
export function FailedPage() {
  const [, navigate] = useLocation();
  const { state, reset } = useWizard();
  const ranges = useRanges();
  const { online, signedOut } = useOutbox();
  // Queued with no message yet means the first attempt is still under way.
  const failureReport =
    state.submission?.status === 'queued' && !state.submission.message ? 'sending' : state.submission?.status;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const n = state.failedStep ?? 0;
  const step = stepByNumber(n);
  const d = state.wizardData;
  const recorded: [string, string][] = [
    ['Site', d.siteName],
    ['Address', d.address],
    ['Dwelling Type', d.dwellingType],
    ['HIU Model', d.hiuModel],
    ['HIU Serial', d.hiuSerial],
  ];

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="bg-fail text-white">
        <div className="mx-auto w-full max-w-2xl px-4 pt-2 pb-5">
          {/* The save status has its own place in the header's first row, so it covers no heading. */}
          <div className="flex min-h-11 items-center justify-between gap-2">
            <p className="text-sm font-semibold tracking-wide uppercase">Device Failed</p>
            <SaveBadge inline />
          </div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
            Failed at Step {n}
          </h1>
          {step ? <p className="text-lg">{step.name}</p> : null}
        </div>
      </header>
      {/* A toast (the PDF could not be made) shows at the bottom, over no heading of the cards (index.css). */}
      <main data-toasts-below className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <Card aria-labelledby="reasons-heading" className="border-red-300">
          <h2 id="reasons-heading" className="text-lg font-bold">
            Failure Reasons
          </h2>
          <ul className="mt-2 space-y-2">
            {state.failureReasons.map((r) => (
              <li key={r} className="flex gap-2 text-base text-red-900">
                <span aria-hidden="true">✕</span>
                {r}
              </li>
            ))}
          </ul>
        </Card>

        <p
          role="status"
          className={
            failureReport === 'rejected'
              ? 'rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900'
              : failureReport === 'queued'
                ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-900'
                : 'rounded-lg border border-slate-200 bg-white p-3 text-base text-slate-800'
          }
        >
          {failureReport === 'sent'
            ? '✓ The failure report has been saved.'
            : failureReport === 'queued'
              ? signedOut
                ? 'You were signed out. The failure report is stored on this phone and is sent once you sign in again.'
                : online
                  ? 'The failure report is stored on this phone; the server could not take it yet. The app keeps trying by itself.'
                  : 'The failure report is stored on this phone and will be sent when the connection returns. Keep the app open or come back online soon.'
              : failureReport === 'rejected'
                ? `The server refused the failure report${state.submission?.message ? `: ${state.submission.message}` : '.'} It is kept on this phone; tell your admin.`
                : 'Saving the failure report...'}
        </p>
        {failureReport === 'queued' && signedOut ? <SignInToSend back="/check/failed" /> : null}

        <Card aria-labelledby="recorded-heading">
          <h2 id="recorded-heading" className="text-lg font-bold">
            Recorded Details
          </h2>
          <dl className="mt-1 divide-y divide-slate-100">
            {recorded.map(([label, value]) => (
              <div key={label} className="flex items-baseline justify-between gap-3 py-2">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-right text-base font-medium">{value.trim() || 'Not recorded'}</dd>
              </div>
            ))}
          </dl>
        </Card>

        <Card aria-labelledby="next-steps-heading">
          <h2 id="next-steps-heading" className="text-lg font-bold">
            Next Steps
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-base text-slate-800">
            {nextSteps(n, failureRemedies(n, d, ranges)).map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ol>
        </Card>

        <DevicePdfButton />
        <div className="grid grid-cols-1 gap-3 pt-2 min-[400px]:grid-cols-2">
          <Button variant="secondary" size="lg" onClick={() => navigate('/')}>
            Return Home
          </Button>
          <Button
            size="lg"
            onClick={() => {
              reset();
              navigate('/');
            }}
          >
            Start New Check
          </Button>
        </div>
      </main>
    </div>
  );
}
