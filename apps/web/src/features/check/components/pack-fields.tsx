import { Suspense, useEffect } from 'react';
import { packOf, type Ranges } from '@hiu/domain';
import { lazyComponent } from '../../../lib/lazy-component';
import { useWizard } from '../state/wizard-provider';

// Most checks are under the standard checklist, which adds no fields: the pack's inputs load only for a check
// under a pack (the service worker keeps them for one continued offline).
const groups = lazyComponent(() => import('./pack-field-groups').then((m) => m.PackFieldGroups));

/**
 * The fields the check's test pack adds to a step (docs/product.md#test-packs). A standard check has none, so
 * nothing is drawn and nothing is fetched.
 */
export function PackFields({ step, ranges }: { step: number; ranges: Ranges }) {
  const { state } = useWizard();
  const pack = packOf(state.wizardData);
  const here = pack.fields.some((f) => f.step === step);
  // The next steps' pack fields draw at once, and are on the phone if the signal goes.
  useEffect(() => {
    if (pack.fields.length) void groups.preload();
  }, [pack]);
  if (!here) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="border-t border-slate-200 pt-4 text-base text-slate-600">
          Loading the {pack.label} fields...
        </p>
      }
    >
      <groups.Component step={step} ranges={ranges} />
    </Suspense>
  );
}
