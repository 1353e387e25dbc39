import { Suspense, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { formatDateTime, signOffBody, type SignOffScope, type SiteSignOff } from '@hiu/domain';
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

/** What the signer fills in; what they sign is added once they confirm it. */
const signerFields = signOffBody.pick({ name: true, comment: true, signature: true });
type SignerFields = z.output<typeof signerFields>;

/**
 * The site's handover sign-off (docs/product.md#evidence-pack): who signed and what, and a form to sign on
 * screen with name, comment and a drawn signature. Before signing, the signer confirms how many flats they sign
 *; the next evidence pack prints every sign-off with what it covered.
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
  const form = useSchemaForm(signerFields, { name: signerName, comment: '' });
  const [pad, setPad] = useState(0);
  // What the signer is asked to confirm, read when they tap Sign off: its digest is what the sign-off signs.
  const [scope, setScope] = useState<SignOffScope | null>(null);
  // The checked fields the confirmation sends, as they were when the signer tapped Sign off.
  const signer = useRef<SignerFields | null>(null);
  const sign = useMutation({
    mutationFn: (covers: string) =>
      api.post<SiteSignOff>(`/api/sites/${siteId}/sign-offs`, { ...signer.current, covers }),
    onSuccess: () => {
      notify.success('Signed off', 'Your sign-off is recorded and goes into the next evidence pack');
      form.reset({ name: form.getValues('name'), comment: '' });
      setPad((n) => n + 1);
    },
    onError: (e) => {
      showServerErrors(form, e);
      notify.error('Could not sign off', e instanceof ApiError ? e.userMessage : String(e));
    },
    onSettled: () => {
      setScope(null);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const askToConfirm = async (values: SignerFields) => {
    signer.current = values;
    setScope(await api.get<SignOffScope>(`/api/sites/${siteId}/sign-off-scope`));
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
                {s.coveredFlats !== null && s.totalFlats !== null ? (
                  <p className="text-slate-700">
                    Signed {s.coveredFlats} of {flats(s.totalFlats)}
                  </p>
                ) : null}
                {s.comment ? <p className="break-words text-slate-800">{s.comment}</p> : null}
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
        <SignatureField key={pad} />
        <Button type="submit" disabled={busy}>
          {sign.isPending ? 'Signing...' : 'Sign off the handover'}
        </Button>
      </SchemaForm>
      <ConfirmDialog
        open={scope !== null}
        onOpenChange={(open) => (open ? undefined : setScope(null))}
        title="Sign off the handover?"
        description={
          scope ? (
            <div className="space-y-2">
              <p className="font-semibold text-slate-900">
                You are signing off {scope.coveredFlats} of {flats(scope.totalFlats)}.
              </p>
              <p>
                Your sign-off covers each flat's approved report as it is now. Flats approved or corrected later are not
                covered, and the evidence pack says so.
              </p>
            </div>
          ) : null
        }
        confirmLabel={scope ? `Sign off ${flats(scope.coveredFlats)}` : 'Sign off'}
        busy={sign.isPending}
        onConfirm={() => scope && sign.mutate(scope.digest)}
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
