import { setPointVerdicts, type WizardData } from '@hiu/domain';
import { cn } from '../../../components/ui/cn';

/**
 * A reading held to the unit's own set-point (docs/product.md#test-packs), under its field: the limit before it
 * is taken, then pass or fail in colour and words, announced politely as it changes.
 */
export function SetPointLine({ data, reading }: { data: WizardData; reading: string }) {
  const verdict = setPointVerdicts(data).find((v) => v.rule.reading === reading);
  if (!verdict?.text) return null;
  return (
    <p
      aria-live="polite"
      data-testid={`set-point-${reading}`}
      data-verdict={verdict.verdict}
      className={cn(
        'mt-1 text-sm font-medium',
        verdict.verdict === 'pass' && 'text-pass',
        verdict.verdict === 'fail' && 'rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900',
        verdict.verdict === 'pending' && 'text-slate-600',
      )}
    >
      <span aria-hidden="true">{verdict.verdict === 'pass' ? '✓ ' : verdict.verdict === 'fail' ? '✕ ' : ''}</span>
      {verdict.text}
    </p>
  );
}
