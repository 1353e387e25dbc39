import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { missingForNext, formatDateTime } from '@hiu/domain';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Card } from '../../../components/ui/card';
import { buttonClass } from '../../../components/ui/button';
import { useWizard } from '../state/wizard-provider';
import { useMarkedItems } from '../state/marked-items';
import { MeasurementField } from '../components/measurement-field';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { WizardShell } from '../components/wizard-header';
import { useStep } from '../lib/use-step';
import { ScanButton } from '../scanner/scan-button';
import { HiuModelSuggestions } from '../components/hiu-model-suggestions';
import { PackFields } from '../components/pack-fields';
import { fillIdentity, identityFromParams } from '../lib/carried-identity';

export function BasicInfoStep() {
  const { state, update, start, reset, hydrated } = useWizard();
  const { step, ranges, saveAndContinue } = useStep('basic-info');
  const marked = useMarkedItems();
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const siteId = params.get('siteId');
  const propertyId = params.get('propertyId');
  // The same property's check still on the phone is continued, unless it has ended (failed or submitted):
  // then Start is a re-test and begins afresh; the ended check's report is already kept.
  const ended = state.flowStatus !== 'active' || Boolean(state.submittedReportId);
  // `fresh`: the engineer chose Start over on home and their earlier check of the flat is deleted; the
  // phone's copy of it goes too, rather than being continued or saved again (docs/product.md#drafts).
  const fresh = params.get('fresh') === '1';
  const needsStart = Boolean(siteId && propertyId && (state.wizardData.propertyId !== propertyId || ended || fresh));
  const [startError, setStartError] = useState<string | null>(null);

  // Arriving from home with a chosen property: start the check (site, address, engineer, start time, rooms),
  // once the phone's copy is restored (it may be this property's check, to be continued).
  useEffect(() => {
    if (!needsStart || !hydrated || !siteId || !propertyId) return;
    // Leaving (Cancel, Back) before the answers arrive abandons the start: the phone's check stays as it was.
    const leaving = new AbortController();
    if (fresh && state.wizardData.propertyId === propertyId) reset();
    const lastModel = params.get('hiuModel') ?? '';
    const lastSerial = params.get('hiuSerial') ?? '';
    const lastIdentity = identityFromParams(params);
    Promise.resolve(start({ siteId, propertyId, signal: leaving.signal }))
      .then(() => {
        if (leaving.signal.aborted) return;
        // A re-test: the unit of the flat's last report, which the engineer checks or changes.
        if (lastModel || lastSerial || Object.keys(lastIdentity).length) {
          update((w) => {
            w.hiuModel ||= lastModel;
            w.hiuSerial ||= lastSerial;
            fillIdentity(w, lastIdentity);
          });
        }
        setParams({}, { replace: true });
      })
      .catch((e: unknown) => {
        if (!leaving.signal.aborted) setStartError(e instanceof Error ? e.message : String(e));
      });
    return () => leaving.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsStart, hydrated, siteId, propertyId]);

  if (startError) {
    return (
      <main className="mx-auto max-w-md px-4 py-10 text-center">
        <h1 className="text-2xl font-bold">Could not start the check</h1>
        <p role="alert" className="mt-2 text-slate-700">
          {startError}
        </p>
        <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
          Return to home
        </Link>
      </main>
    );
  }
  if (needsStart) {
    // The step's own top bar stays while the check starts, so the screen does not blank between home and
    // the step. Cancel leaves, and the check is not started.
    return (
      <WizardShell step={step} onCancel={() => navigate('/')}>
        <p role="status" className="p-6 text-center text-slate-600">
          Starting check...
        </p>
      </WizardShell>
    );
  }

  const d = state.wizardData;
  return (
    <WizardChrome
      step={step}
      primary={<NextButton label="Save and Continue" missing={missingForNext(1, d)} onClick={saveAndContinue} />}
    >
      <Card className="space-y-4">
        {/* The site's name is the server's (the report takes it from the site at submit): shown, not edited. */}
        <Field label="Site Name">
          <Input value={d.siteName} readOnly />
        </Field>
        <Field label="Address">
          {/* Addresses are long: a read-only box that wraps instead of cutting them off. */}
          <Textarea value={d.address} readOnly rows={d.address.length > 32 ? 2 : 1} className="min-h-12 resize-none" />
        </Field>
        <Field label="Dwelling Type">
          <Input value={d.dwellingType} readOnly />
        </Field>
        <Field
          label="HIU Model"
          required
          marked={marked.has('hiuModel')}
          action={
            <ScanButton
              label="HIU model"
              name="Scan model barcode"
              onUse={(v) => update((w) => void (w.hiuModel = v))}
            />
          }
        >
          <Input
            value={d.hiuModel}
            onChange={(e) => update((w) => void (w.hiuModel = e.target.value))}
            autoComplete="off"
            enterKeyHint="next"
          />
        </Field>
        <HiuModelSuggestions
          siteId={d.siteId}
          value={d.hiuModel}
          onPick={(model) => update((w) => void (w.hiuModel = model))}
        />
        <Field
          label="HIU Serial"
          required
          marked={marked.has('hiuSerial')}
          action={
            <ScanButton
              label="HIU serial"
              name="Scan serial barcode"
              onUse={(v) => update((w) => void (w.hiuSerial = v))}
            />
          }
        >
          <Input
            value={d.hiuSerial}
            onChange={(e) => update((w) => void (w.hiuSerial = e.target.value))}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="next"
          />
        </Field>
        <Field label="Engineer Name">
          <Input value={d.engineerName} readOnly />
        </Field>
        <Field label="Start Time">
          <Input value={formatDateTime(d.startTime)} readOnly />
        </Field>
        <MeasurementField
          id="meterStart"
          value={d.meterStart}
          onChange={(v) => update((w) => void (w.meterStart = v))}
          ranges={ranges}
        />
        <PackFields step={1} ranges={ranges} />
      </Card>
    </WizardChrome>
  );
}
