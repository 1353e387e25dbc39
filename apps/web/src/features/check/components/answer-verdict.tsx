import {
  answerIssue,
  answerVerdicts,
  blankCp1,
  issuesAfterAnswer,
  ISSUE_OWNER_LABELS,
  ISSUE_OWNERS,
  type PackField,
  type PackIssue,
  type WizardData,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useWizard } from '../state/wizard-provider';

const issuesOf = (w: WizardData): PackIssue[] =>
  ((w.cp1 ??= blankCp1() as unknown as NonNullable<WizardData['cp1']>).issues ??= []);

/**
 * What a judged answer means, under it on its step (docs/product.md#test-packs): a pass, a fail of the HIU
 * with its reason, or an open issue with who must act and its due date, edited here and listed on step 7.
 * Colour and words together; announced politely as the answer changes.
 */
export function AnswerVerdict({ field }: { field: PackField }) {
  const { state, update } = useWizard();
  const verdict = answerVerdicts(state.wizardData, field.step).find((v) => v.field.key === field.key);
  if (!verdict) return null;
  const testId = `verdict-${field.key}`;
  if (verdict.verdict === 'pass')
    return (
      <p role="status" data-testid={testId} className="text-sm font-medium text-pass">
        <span aria-hidden="true">✓ </span>Pass
      </p>
    );
  if (verdict.verdict === 'fail')
    return (
      <p
        role="status"
        data-testid={testId}
        className="rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900"
      >
        <span aria-hidden="true">✕ </span>
        Fails the HIU: {verdict.text}
      </p>
    );
  const linked = answerIssue(state.wizardData, field.key);
  const edit = (change: Partial<PackIssue>) =>
    update((w) => {
      const at = answerIssue(w, field.key)?.index;
      if (at !== undefined) Object.assign(issuesOf(w)[at]!, change);
    });
  return (
    <div data-testid={testId} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p role="status" className="text-base text-amber-950">
        <span aria-hidden="true">⚠ </span>
        Open issue: {verdict.text}.{' '}
        {verdict.needs.length
          ? `Still needed before sending: ${verdict.needs.join(' and ')}.`
          : 'Listed with the issues on step 7.'}
      </p>
      {linked && !linked.issue.resolved ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label="Who must act" required>
            <Select
              value={linked.issue.owner}
              name={`${field.key}-issue-owner`}
              onChange={(e) => edit({ owner: e.target.value as PackIssue['owner'] })}
            >
              {ISSUE_OWNERS.map((o) => (
                <option key={o} value={o}>
                  {ISSUE_OWNER_LABELS[o]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Due date" required error={linked.issue.due ? undefined : 'Required'}>
            <Input
              type="date"
              name={`${field.key}-issue-due`}
              value={linked.issue.due}
              onChange={(e) => edit({ due: e.target.value })}
            />
          </Field>
        </div>
      ) : null}
      {linked ? null : (
        <Button variant="secondary" onClick={() => update((w) => raise(w, field))}>
          Add the open issue
        </Button>
      )}
    </div>
  );
}

/** Keeps the issue an answer raises in step with the answer (the rule book says which). */
export function raise(w: WizardData, field: PackField) {
  const issues = issuesAfterAnswer(w, field, () => crypto.randomUUID());
  issuesOf(w).splice(0, Infinity, ...issues);
}
