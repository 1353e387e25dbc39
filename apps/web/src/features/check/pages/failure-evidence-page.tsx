import { useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { failureReasons, isEntered, NOTES_MAX, stepByNumber } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useCheckNow, useWizard } from '../state/wizard-provider';
import { SaveBadge } from '../state/save-badge';
import { useRanges } from '../lib/use-ranges';
import { PhotoCapture } from '../components/photo-capture';
import { EngineerSignature } from '../components/engineer-signature';
import { signatureDrawingNow, signatureKept, useSignatureInHand } from '../lib/pending-signature';
import { WIZARD_PAGE_CLASS } from '../components/wizard-header';
import { StorageWarning } from '../components/storage-warning';

/**
 * /check/failure-evidence?step=2|3: before a FAIL report is filed, the engineer adds what they saw (photos
 * with captions and notes, both optional) and signs (required), so the office gets evidence with every
 * failure (decision 135). The report then goes through the outbox like any other.
 */
export function FailureEvidencePage() {
  const [, navigate] = useLocation();
  const { state, addPhoto, removePhoto, relabelPhoto, setNotes, fail, update } = useWizard();
  const ranges = useRanges();
  const n = Number(new URLSearchParams(useSearch()).get('step')) === 3 ? 3 : 2;
  const step = stepByNumber(n)!;
  const d = state.wizardData;
  const p = d.photosSignature;
  const reasons = failureReasons(n, d, ranges);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [adding, setAdding] = useState(0);
  const checkNow = useCheckNow();
  // A stroke just drawn counts at once; its file is kept before the report goes (the first tap acts).
  const signed = useSignatureInHand(isEntered(p.signature));
  const [filing, setFiling] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  // Nothing fails any more (the answers were changed): back to the step.
  if (reasons.length === 0) return <Redirect to={`/check/${step.slug}`} replace />;

  const addPhotos = async (files: File[]) => {
    setPhotoError(null);
    setAdding((k) => k + files.length);
    for (const file of files) {
      try {
        await addPhoto(file, '');
      } catch (e) {
        setPhotoError(e instanceof Error ? e.message : 'The photo could not be added');
      } finally {
        setAdding((k) => k - 1);
      }
    }
  };

  const file = async () => {
    if (filing) return;
    // Decided at the tap, not by the last render: on a slow phone the stroke that just ended, or its file kept
    // a moment ago, may not be drawn into the button yet, and a disabled button would swallow the tap.
    const signedNow = () => isEntered(checkNow().wizardData.photosSignature.signature);
    if (!signedNow() && !signatureDrawingNow()) {
      document.getElementById('failure-signature-heading')?.scrollIntoView({ block: 'center' });
      return;
    }
    setFiling(true);
    // Not kept (the phone's storage refused it): the report waits for a signature, as before one was drawn.
    if (!(await signatureKept()) || !signedNow()) return setFiling(false);
    update((w) => void (w.stepCompletedAt[step.slug] = new Date().toISOString()));
    void fail(n, reasons);
    navigate('/check/failed');
  };

  return (
    <div className={WIZARD_PAGE_CLASS}>
      <header className="bg-fail text-white">
        <div className="mx-auto w-full max-w-2xl px-4 pt-2 pb-5">
          {/* The save status has its own place in the header's first row, so it covers no heading. */}
          <div className="flex min-h-11 items-center justify-between gap-2">
            <p className="text-sm font-semibold tracking-wide uppercase">Device Failure</p>
            <SaveBadge inline />
          </div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
            Record the Failure
          </h1>
          <p className="text-lg">
            Step {n}, {step.name}
          </p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-5">
        <StorageWarning />
        <Card aria-labelledby="evidence-reasons-heading" className="border-red-300">
          <h2 id="evidence-reasons-heading" className="text-lg font-bold">
            Failure Reasons
          </h2>
          <ul className="mt-2 space-y-2">
            {reasons.map((r) => (
              <li key={r} className="flex gap-2 text-base text-red-900">
                <span aria-hidden="true">✕</span>
                {r}
              </li>
            ))}
          </ul>
        </Card>

        <Card className="space-y-3">
          <h2 className="text-lg font-bold">Photos</h2>
          <p className="text-base text-slate-700">Optional: show the fault, with a caption on each photo.</p>
          <PhotoCapture
            photos={p.photos}
            onAdd={(files) => void addPhotos(files)}
            adding={adding}
            error={photoError}
            onRemove={(id) => void removePhoto(id)}
            onRelabel={(id, label) => relabelPhoto(id, label)}
          />
        </Card>

        <Card>
          <Field label="Notes" hint="Optional: what you found and what happens next.">
            <Textarea
              rows={4}
              value={state.notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={NOTES_MAX}
              className="min-h-28"
            />
          </Field>
        </Card>

        <EngineerSignature headingId="failure-signature-heading" />
      </main>
      <nav
        aria-label="Failure navigation"
        className="sticky bottom-0 z-20 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        {!signed ? (
          <p id="file-failure-missing" className="mx-auto max-w-2xl px-4 pt-2 text-sm text-slate-700">
            Sign above to file the failure report.
          </p>
        ) : null}
        <div className="mx-auto grid w-full max-w-2xl grid-cols-[1fr_2fr] gap-3 px-4 py-3">
          <Button variant="secondary" size="lg" onClick={() => navigate(`/check/${step.slug}`)}>
            Back
          </Button>
          <Button
            variant="danger"
            size="lg"
            // Never `disabled` until filing: the tap always reaches `file`, which decides (see there).
            aria-disabled={!signed || undefined}
            className={signed ? undefined : 'bg-slate-300 text-slate-600 hover:bg-slate-300'}
            disabled={filing}
            aria-busy={filing || undefined}
            aria-describedby={signed ? undefined : 'file-failure-missing'}
            onClick={() => void file()}
          >
            {filing ? 'Filing...' : 'File Failure Report'}
          </Button>
        </div>
      </nav>
    </div>
  );
}
