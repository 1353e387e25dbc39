import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type ApiToken, type SiteSummary, type TokenScope } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { SearchBox } from '../../components/ui/search-box';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useCreateToken, useRevokeToken, useTokens } from './api';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

/** API tokens (decision 170): other systems call the API with one; shown once, revoked at once. */
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
        <p role="alert" className="text-fail">
          Could not load tokens: {tokens.error.message}
        </p>
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
        <TokenDialog
          onClose={() => setAdding(false)}
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

function TokenDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (token: string) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiresOn, setExpiresOn] = useState(inDays(365));
  const [chosen, setChosen] = useState<SiteSummary[]>([]);
  const [q, setQ] = useState('');
  const found = useQuery<{ items: SiteSummary[] }>({
    queryKey: [`/api/sites?limit=10${q ? `&q=${encodeURIComponent(q)}` : ''}`],
  });
  const create = useCreateToken();
  const err = create.error instanceof ApiError ? create.error : null;
  const toggle = (s: SiteSummary) =>
    setChosen((list) => (list.some((c) => c.id === s.id) ? list.filter((c) => c.id !== s.id) : [...list, s]));
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Add API token"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="token-form" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Make token'}
          </Button>
        </>
      }
    >
      <form
        id="token-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, scope, expiresOn, siteIds: chosen.map((s) => s.id) },
            { onSuccess: (r) => onCreated(r.token) },
          );
        }}
      >
        <Field label="Name" required hint="What uses it, e.g. Asset register" error={err?.fieldErrors.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Scope</legend>
          {TOKEN_SCOPES.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-3 text-base">
              <input type="radio" name="scope" className="h-5 w-5" checked={scope === s} onChange={() => setScope(s)} />
              {TOKEN_SCOPE_LABELS[s]}
            </label>
          ))}
        </fieldset>
        <Field label="Works until" required error={err?.fieldErrors.expiresOn}>
          <Input
            type="date"
            value={expiresOn}
            min={inDays(1)}
            max={inDays(730)}
            onChange={(e) => setExpiresOn(e.target.value)}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <SearchBox
            label="Sites (none chosen: every site, also later ones)"
            onSearch={setQ}
            placeholder="Search sites"
          />
          {chosen.length ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              Chosen: {chosen.map((c) => c.name).join(', ')}
            </p>
          ) : null}
          <ul className="flex flex-col" aria-label="Sites found">
            {found.data?.items.map((s) => (
              <li key={s.id}>
                <label className="flex min-h-11 items-center gap-3 text-base">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={chosen.some((c) => c.id === s.id)}
                    onChange={() => toggle(s)}
                  />
                  {s.name}
                </label>
              </li>
            ))}
          </ul>
          {err?.fieldErrors.siteIds ? <p className="text-sm font-medium text-fail">{err.fieldErrors.siteIds}</p> : null}
        </div>
        {err && Object.keys(err.fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {err.userMessage}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
