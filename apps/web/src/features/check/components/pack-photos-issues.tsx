import { useState } from 'react';
import {
  blankCp1,
  ISSUE_OWNER_LABELS,
  ISSUE_OWNERS,
  missingPhotoTags,
  packOf,
  type PackIssue,
  type WizardData,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useWizard } from '../state/wizard-provider';

/** The photos the check's pack requires, each ticked once a photo carries its label. */
export function RequiredPhotos() {
  const { state } = useWizard();
  const tags = packOf(state.wizardData).photoTags;
  if (tags.length === 0) return null;
  const missing = new Set(missingPhotoTags(state.wizardData));
  return (
    <div className="space-y-2" data-testid="required-photos">
      <h3 className="text-base font-semibold text-slate-800">Photos this test pack requires</h3>
      <p className="text-sm text-slate-700">Give each photo one of these labels.</p>
      <ul className="space-y-1">
        {tags.map((t) => (
          <li key={t} className={missing.has(t) ? 'text-fail' : 'text-pass'}>
            <span aria-hidden="true">{missing.has(t) ? '✕ ' : '✓ '}</span>
            {t}: {missing.has(t) ? 'not taken yet' : 'taken'}
          </li>
        ))}
      </ul>
    </div>
  );
}

const issuesOf = (w: WizardData): PackIssue[] =>
  ((w.cp1 ??= blankCp1() as unknown as NonNullable<WizardData['cp1']>).issues ??= []);

/**
 * The check's issues list (docs/product.md#test-packs): what is wrong, who must put it right and by when.
 * Open items show on the site's progress and carry into a re-test, where they can be marked resolved.
 */
export function IssuesList() {
  const { state, update } = useWizard();
  const [removing, setRemoving] = useState<number | null>(null);
  if (!packOf(state.wizardData).issuesList) return null;
  const issues = state.wizardData.cp1?.issues ?? [];
  const edit = (i: number, change: Partial<PackIssue>) => update((w) => void Object.assign(issuesOf(w)[i]!, change));
  return (
    <Card className="space-y-4">
      <h2 id="issues-heading" className="text-lg font-bold">
        Issues
      </h2>
      <p className="text-base text-slate-700">
        Anything someone must put right, with who must act. Open issues stay on the flat until resolved.
      </p>
      {issues.length === 0 ? <p className="text-slate-600">No issues recorded.</p> : null}
      <ol className="space-y-4" aria-labelledby="issues-heading">
        {issues.map((issue, i) => (
          <li key={issue.id} className="space-y-3 rounded-lg border border-slate-200 p-3">
            <Field label={`Issue ${i + 1}: description`} required>
              <Input
                value={issue.description}
                maxLength={500}
                placeholder="What is wrong"
                onChange={(e) => edit(i, { description: e.target.value })}
              />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label="Who must act">
                <Select value={issue.owner} onChange={(e) => edit(i, { owner: e.target.value as PackIssue['owner'] })}>
                  {ISSUE_OWNERS.map((o) => (
                    <option key={o} value={o}>
                      {ISSUE_OWNER_LABELS[o]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Due date">
                <Input type="date" value={issue.due} onChange={(e) => edit(i, { due: e.target.value })} />
              </Field>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label className="flex min-h-11 items-center gap-3 text-base">
                <input
                  type="checkbox"
                  className="size-6"
                  checked={issue.resolved}
                  onChange={(e) =>
                    edit(
                      i,
                      e.target.checked
                        ? { resolved: true, closedAt: new Date().toISOString() }
                        : { resolved: false, closedAt: undefined },
                    )
                  }
                />
                Resolved
              </label>
              <Button variant="secondary" onClick={() => setRemoving(i)} aria-label={`Remove issue ${i + 1}`}>
                Remove
              </Button>
            </div>
            {issue.resolved ? <ClosingRecord number={i + 1} issue={issue} onChange={(c) => edit(i, c)} /> : null}
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() =>
          update(
            (w) =>
              void issuesOf(w).push({
                id: crypto.randomUUID(),
                description: '',
                owner: 'installer',
                due: '',
                resolved: false,
              }),
          )
        }
      >
        Add an issue
      </Button>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this issue?"
        description={`"${removing !== null ? (issues[removing]?.description.trim() ?? '') : ''}" will be taken off this check.`}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          const at = removing;
          setRemoving(null);
          if (at !== null) update((w) => void issuesOf(w).splice(at, 1));
        }}
      />
    </Card>
  );
}

/** How a resolved issue was put right, and a photo of the check that shows it (docs/product.md#test-packs). */
function ClosingRecord({
  number,
  issue,
  onChange,
}: {
  number: number;
  issue: PackIssue;
  onChange: (change: Partial<PackIssue>) => void;
}) {
  const { state } = useWizard();
  const needed = packOf(state.wizardData).issuesClosedWithComment === true;
  const photos = state.wizardData.photosSignature.photos;
  return (
    <div className="space-y-3 rounded-lg bg-green-50 p-3">
      <Field
        label={`Issue ${number}: how it was put right`}
        required={needed}
        hint={needed ? undefined : 'Optional'}
        error={needed && !(issue.closingComment ?? '').trim() ? 'Required' : undefined}
      >
        <Input
          value={issue.closingComment ?? ''}
          maxLength={500}
          placeholder="What was done"
          onChange={(e) => onChange({ closingComment: e.target.value })}
        />
      </Field>
      <Field label={`Issue ${number}: photo showing it put right`} hint="One of this check's photos, optional">
        <Select
          value={issue.closingPhotoId ?? ''}
          onChange={(e) => onChange({ closingPhotoId: e.target.value || undefined })}
        >
          <option value="">No photo</option>
          {photos.map((p, n) => (
            <option key={p.id} value={p.id}>
              {`Photo ${n + 1}${p.label.trim() ? `: ${p.label.trim()}` : ''}`}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
