import { useState } from 'react';
import { TOKEN_SCOPE_LABELS, type ApiToken } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useRevokeToken, useTokens } from './api';
import { Problem } from '../../components/problem';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
// The form loads when first opened, with the form library.
const TokenFormDialog = lazyDialog(() => import('./token-form-dialog'));

/** API tokens: other systems call the API with one; shown once, revoked at once. */
export function TokensSection() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <section aria-labelledby="tokens-heading" className="mt-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="tokens-heading" className="text-xl font-bold">
          API tokens
        </h2>
        <Button onClick={() => setAdding(true)}>Add token</Button>
      </div>
      <p className="mb-4 text-base text-slate-700">
        Another system reads the API with <code>Authorization: Bearer &lt;token&gt;</code>, only on the sites you give
        it.
      </p>
      {tokens.isLoading ? (
        <Skeleton className="h-24" />
      ) : tokens.isError ? (
        <Problem error={tokens.error} what="the API tokens" onRetry={() => void tokens.refetch()} />
      ) : tokens.data?.length === 0 ? (
        <p className="text-slate-700">No tokens yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="API tokens">
          {tokens.data?.map((k) => (
            <li key={k.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">{k.name}</p>
                  <p className="text-sm text-slate-700">
                    {TOKEN_SCOPE_LABELS[k.scope]} ·{' '}
                    {k.sites === null ? 'every site' : k.sites.map((s) => s.name).join(', ') || 'no sites'}
                  </p>
                  <p className="text-sm text-slate-600">
                    <code>{k.prefix}…</code> ·{' '}
                    {k.revokedAt ? (
                      <span className="font-semibold text-fail">Revoked {day(k.revokedAt)}</span>
                    ) : (
                      `until ${day(k.expiresAt)}`
                    )}{' '}
                    ·{' '}
                    {k.lastUsedAt
                      ? `last used ${new Date(k.lastUsedAt).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}`
                      : 'never used'}
                  </p>
                </div>
                {k.revokedAt ? null : (
                  <Button size="sm" variant="danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <TokenFormDialog
          open
          onOpenChange={(o) => !o && setAdding(false)}
          onCreated={(token) => {
            setAdding(false);
            setShown(token);
          }}
        />
      ) : null}
      <Dialog
        open={shown !== null}
        onOpenChange={(o) => !o && setShown(null)}
        title="Your API token"
        footer={<Button onClick={() => setShown(null)}>I have saved it</Button>}
      >
        <p className="mb-2 text-base">
          <strong>It is shown only now.</strong> Keep it in the other system's secret store.
        </p>
        <code
          className="block rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm break-all"
          data-testid="api-token"
        >
          {shown}
        </code>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'the token'}?`}
        description="It stops working at once, on every server. This cannot be undone; make a new token if it is needed again."
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => notify.success('Token revoked', `${revoking.name} no longer works.`),
            onError: (e) => notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not revoke the token'),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </section>
  );
}
