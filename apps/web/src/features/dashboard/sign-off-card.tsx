import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  FLAT_STATE_LABELS,
  FLAT_STATES,
  formatDate,
  formatDateTime,
  signOffBody,
  type EvidencePack,
  type SiteSignOff,
} from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
// The form's own files, not the index: its dialog (and Radix) would come with it.
import { fieldError, FormField } from '../../components/form/form-field';
import { SchemaForm } from '../../components/form/schema-form';
import { showServerErrors } from '../../components/form/server-errors';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { api, ApiError } from '../../lib/api-client';
import { lazyComponent } from '../../lib/lazy-component';
import { notify } from '../../lib/toast';
import { AskForSignOff } from './ask-sign-off';

// The pad and its drawing library load after the dashboard's charts and figures, not with them.
const signaturePad = lazyComponent(() => import('../../components/signature-pad').then((m) => m.SignaturePad));

const flats = (n: number) => `${n} flat${n === 1 ? '' : 's'}`;

/** What the signer fills in; the pack they sign is added once they confirm it. */
const signerFields = signOffBody.pick({ name: true, comment: true, signature: true, exception: true });
type SignerFields = z.output<typeof signerFields>;

/** A pack by the first eight characters of its SHA-256, as its ZIP's name and summary's cover carry it. */
const shortHash = (sha256: string) => sha256.slice(0, 8);

/** The site's pack that can be signed: the newest built one, not superseded, not expired. */
function signablePack(packs: readonly EvidencePack[] | undefined, now: number) {
  const newest = packs?.find((p) => p.state === 'done' || p.state === 'failed');
  if (!newest || newest.state !== 'done' || newest.superseded || !newest.sha256 || !newest.attests) return null;
  if (newest.expiresAt && Date.parse(newest.expiresAt) < now) return null;
  return newest as EvidencePack & { sha256: string; attests: NonNullable<EvidencePack['attests']> };
}

/** "4 flats: 2 Approved, 1 Awaiting review, 1 Not started" */
function flatsByState(attests: NonNullable<EvidencePack['attests']>) {
  const parts = FLAT_STATES.filter((s) => attests.states[s] > 0).map(
    (s) => `${attests.states[s]} ${FLAT_STATE_LABELS[s]}`,
  );
  return `${flats(attests.flats)}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * The site's handover sign-off (docs/product.md#evidence-pack): who signed which pack, and a form to sign on
 * screen with name, comment and a drawn signature. A sign-off signs the site's current built pack: before
 * anything is kept, the signer is shown what it attests (flats by state, open issues, its hash and build date)
 * and confirms. While reports await review the signer must say why they sign now.
 */
export function SignOffCard({
  siteId,
  signerName,
  canAsk = false,
}: {
  siteId: string;
  signerName: string;
  /** The office may ask the site's clients and assessors to sign. */
  canAsk?: boolean;
}) {
  const client = useQueryClient();
  const key = [`/api/sites/${siteId}/sign-offs`];
  const list = useQuery<SiteSignOff[]>({ queryKey: key });
  const packsKey = [`/api/sites/${siteId}/evidence-packs`];
  const packs = useQuery<EvidencePack[]>({ queryKey: packsKey });
  const [now] = useState(Date.now);
  const current = signablePack(packs.data, now);
  // A pack built since the list was read changes what each sign-off covers in it: the list is read again.
  const newestBuilt = packs.data?.find((p) => p.state === 'done')?.id;
  useEffect(() => {
    if (newestBuilt) void client.invalidateQueries({ queryKey: [`/api/sites/${siteId}/sign-offs`] });
  }, [client, siteId, newestBuilt]);
  const awaiting = current?.attests.states.awaiting_review ?? 0;
  const form = useSchemaForm(signerFields, { name: signerName, comment: '' });
  const [pad, setPad] = useState(0);
  // The pack the signer is asked to confirm, as it was when they tapped Sign off: the sign-off signs it.
  const [pack, setPack] = useState<NonNullable<typeof current> | null>(null);
  // The checked fields the confirmation sends, as they were when the signer tapped Sign off.
  const signer = useRef<SignerFields | null>(null);
  const sign = useMutation({
    mutationFn: (packId: string) =>
      api.post<SiteSignOff>(`/api/sites/${siteId}/sign-offs`, { ...signer.current, packId }),
    onSuccess: () => {
      notify.success('Signed off', 'Your sign-off is recorded and goes into the next evidence pack');
      form.reset({ name: form.getValues('name'), comment: '', exception: undefined });
      setPad((n) => n + 1);
    },
    onError: (e) => {
      showServerErrors(form, e);
      notify.error('Could not sign off', e instanceof ApiError ? e.userMessage : String(e));
    },
    onSettled: () => {
      setPack(null);
      // A pack superseded meanwhile: the pack card reads the list again and offers Build again.
      return Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: packsKey }),
      ]);
    },
  });
  const askToConfirm = async (values: SignerFields) => {
    if (!current) {
      notify.error('Build the evidence pack first', 'A sign-off signs one built pack of the site as it is now.');
      return;
    }
    if (awaiting > 0 && !values.exception) {
      form.setError('exception', {
        message: `${awaiting} ${awaiting === 1 ? 'report awaits' : 'reports await'} review: say why you sign now`,
      });
      return;
    }
    signer.current = awaiting > 0 ? values : { ...values, exception: undefined };
    setPack(current);
  };
  const busy = sign.isPending || form.formState.isSubmitting;
  return (
    <Card aria-labelledby="sign-off-heading" className="space-y-3">
      <h2 id="sign-off-heading" className="text-xl font-bold">
        Handover sign-off
      </h2>
      {list.data?.length ? (
        <ul className="divide-y divide-slate-100" aria-label="Sign-offs">
          {list.data.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  {s.name} ({s.role})
                </p>
                <p className="text-slate-700">{formatDateTime(s.signedAt)}</p>
                {s.pack && s.coveredFlats !== null ? (
                  <p className="text-slate-700">
                    Covers pack <span className="font-mono">{shortHash(s.pack.sha256)}</span> of{' '}
                    {formatDate(s.pack.builtAt)}: {flats(s.coveredFlats)}
                  </p>
                ) : s.coveredFlats !== null && s.totalFlats !== null ? (
                  <p className="text-slate-700">
                    Signed {s.coveredFlats} of {flats(s.totalFlats)}
                  </p>
                ) : null}
                {s.newerPack ? (
                  <p className={s.newerPack.notCovered.length ? 'break-words text-amber-800' : 'text-slate-700'}>
                    {s.newerPack.notCovered.length
                      ? `Not covered in the newer pack ${shortHash(s.newerPack.sha256)} of ${formatDate(s.newerPack.builtAt)}: ${s.newerPack.notCovered.join('; ')}`
                      : `Covers every flat of the newer pack ${shortHash(s.newerPack.sha256)}`}
                  </p>
                ) : null}
                {s.comment ? <p className="break-words text-slate-800">{s.comment}</p> : null}
                {s.exception ? (
                  <p className="break-words text-amber-800">Signed while reports awaited review: {s.exception}</p>
                ) : null}
              </div>
              <img
                src={`/api/sites/${siteId}/sign-offs/${s.id}/signature`}
                alt={`Signature of ${s.name}`}
                className="h-12 flex-none rounded border border-slate-200 bg-white"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">Nobody has signed this site off yet.</p>
      )}
      {canAsk ? <AskForSignOff siteId={siteId} /> : null}
      <p className="text-slate-700">
        {current
          ? `You sign the pack built ${formatDateTime(current.finishedAt ?? '')} (${shortHash(current.sha256)}).`
          : 'A sign-off signs one built evidence pack: build it above first.'}
      </p>
      <SchemaForm
        form={form}
        className="space-y-3"
        onSubmit={askToConfirm}
        onRefused={(e) => notify.error('Could not sign off', e instanceof ApiError ? e.userMessage : String(e))}
      >
        <FormField name="name" label="Your name">
          <Input maxLength={120} autoComplete="name" />
        </FormField>
        <FormField name="comment" label="Comment (optional)">
          <textarea className="min-h-20 w-full rounded-md border border-slate-300 p-3 text-base" maxLength={2000} />
        </FormField>
        {awaiting > 0 ? (
          <FormField
            name="exception"
            label={`Why sign while ${awaiting} ${awaiting === 1 ? 'report awaits' : 'reports await'} review (10-500 characters)`}
          >
            <textarea className="min-h-20 w-full rounded-md border border-slate-300 p-3 text-base" maxLength={500} />
          </FormField>
        ) : null}
        <SignatureField key={pad} />
        <Button type="submit" disabled={busy || !current}>
          {sign.isPending ? 'Signing...' : 'Sign off the handover'}
        </Button>
      </SchemaForm>
      <ConfirmDialog
        open={pack !== null}
        onOpenChange={(open) => (open ? undefined : setPack(null))}
        title="Sign off this evidence pack?"
        description={
          pack ? (
            <div className="space-y-2">
              <p className="font-semibold text-slate-900">
                You are signing pack <span className="font-mono">{shortHash(pack.sha256)}</span>, built{' '}
                {formatDateTime(pack.finishedAt ?? '')}.
              </p>
              <p>It holds {flatsByState(pack.attests)}.</p>
              <p>
                {pack.attests.openIssues === 0
                  ? 'No issues are open.'
                  : `${pack.attests.openIssues} ${pack.attests.openIssues === 1 ? 'issue is' : 'issues are'} open.`}
              </p>
              {pack.attests.states.awaiting_review > 0 ? (
                <p className="text-amber-800">
                  {pack.attests.states.awaiting_review} awaiting review: your reason is printed with your sign-off.
                </p>
              ) : null}
              <p>
                Your sign-off covers the approved reports in this pack. Flats approved or corrected later are not
                covered, and later packs say so.
              </p>
            </div>
          ) : null
        }
        confirmLabel={pack ? `Sign pack ${shortHash(pack.sha256)}` : 'Sign'}
        busy={sign.isPending}
        onConfirm={() => pack && sign.mutate(pack.id)}
      />
    </Card>
  );
}

/** The drawn signature, the form's `signature` (a PNG data URL, null once cleared), its error under the pad. */
function SignatureField() {
  const padLabel = useId();
  const { field, formState } = useController<SignerFields, 'signature'>({ name: 'signature' });
  const error = fieldError(formState.errors, 'signature');
  return (
    <div>
      <p id={padLabel} className="mb-1 font-semibold">
        Signature
      </p>
      <Suspense fallback={<div className="aspect-[3/1] rounded-lg border-2 border-dashed border-slate-400 bg-white" />}>
        <signaturePad.Component imageUrl={null} onChange={field.onChange} labelledBy={padLabel} />
      </Suspense>
      {error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-fail">
          {error}
        </p>
      ) : null}
    </div>
  );
}
