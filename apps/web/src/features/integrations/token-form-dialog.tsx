import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { TOKEN_SCOPE_LABELS, TOKEN_SCOPES, tokenCreateBody, type SiteSummary } from '@hiu/domain';
import { ChoiceGroup, fieldError, FormDateField, FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { SearchBox } from '../../components/ui/search-box';
import { useCreateToken } from './api';

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const SCOPE_CHOICES = TOKEN_SCOPES.map((s) => ({ value: s, label: TOKEN_SCOPE_LABELS[s] }));

/** Add API token: its name, scope, last day and sites; the token itself is then shown once. */
export default function TokenFormDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (token: string) => void;
}) {
  const form = useSchemaForm(tokenCreateBody, { name: '', scope: 'read', expiresOn: inDays(365), siteIds: [] });
  const create = useCreateToken();
  // The names of the sites chosen, which the search's page of results may no longer hold.
  const [names, setNames] = useState<Record<string, string>>({});
  const [q, setQ] = useState('');
  const found = useQuery<{ items: SiteSummary[] }>({
    queryKey: [`/api/sites?limit=10${q ? `&q=${encodeURIComponent(q)}` : ''}`],
  });
  const chosen = useWatch({ control: form.control, name: 'siteIds' }) ?? [];
  const toggle = (s: SiteSummary) => {
    setNames((n) => ({ ...n, [s.id]: s.name }));
    form.setValue('siteIds', chosen.includes(s.id) ? chosen.filter((id) => id !== s.id) : [...chosen, s.id]);
  };
  const sitesError = fieldError(form.formState.errors, 'siteIds');
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Add API token"
      submitLabel="Make token"
      onSubmit={async (body) => onCreated((await create.mutateAsync(body)).token)}
    >
      <FormField name="name" label="Name" required hint="What uses it, e.g. Asset register">
        <Input autoComplete="off" />
      </FormField>
      <ChoiceGroup name="scope" legend="Scope" type="radio" choices={SCOPE_CHOICES} />
      <FormDateField name="expiresOn" label="Works until" min={inDays(1)} max={inDays(730)} />
      <div className="flex flex-col gap-2">
        <SearchBox
          label="Sites (none chosen: every site, also later ones)"
          onSearch={setQ}
          placeholder="Search sites"
        />
        {chosen.length ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            Chosen: {chosen.map((id) => names[id]).join(', ')}
          </p>
        ) : null}
        <ul className="flex flex-col" aria-label="Sites found">
          {found.data?.items.map((s) => (
            <li key={s.id}>
              <label className="flex min-h-11 items-center gap-3 text-base">
                <input type="checkbox" className="h-5 w-5" checked={chosen.includes(s.id)} onChange={() => toggle(s)} />
                {s.name}
              </label>
            </li>
          ))}
        </ul>
        {sitesError ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {sitesError}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
