import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, EmailPreferenceBody, EmailPreferences } from '@hiu/domain';
import { Card } from '../../components/ui/card';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

const KEY = ['/api/notifications/preferences'];

/**
 * Which kinds of notification also come by email (docs/product.md#notifications): shown only where the server
 * sends email. Each box saves at once.
 */
export function EmailPreferencesCard() {
  const options = useQuery<AuthOptions>({ queryKey: ['/api/auth/options'] });
  const prefs = useQuery<EmailPreferences>({ queryKey: KEY, enabled: options.data?.emailLinks === true });
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: EmailPreferenceBody) => api.put('/api/notifications/preferences', body),
    // The box shows the choice at once; a refusal puts it back when the list is read again.
    onMutate: (body) =>
      client.setQueryData<EmailPreferences>(KEY, (old) =>
        old?.map((p) => (p.kind === body.kind ? { ...p, email: body.email } : p)),
      ),
    onError: () => notify.error('Could not save that choice. Check the connection and try again.'),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
  if (!options.data?.emailLinks || !prefs.data) return null;
  return (
    <Card aria-labelledby="email-preferences-heading" className="space-y-2">
      <h2 id="email-preferences-heading" className="text-xl font-bold">
        Email me about
      </h2>
      <ul className="divide-y divide-slate-100">
        {prefs.data.map((p) => (
          <li key={p.kind}>
            <label className="flex min-h-12 cursor-pointer items-center gap-3 py-1">
              <input
                type="checkbox"
                className="h-6 w-6 accent-brand-700"
                checked={p.email}
                onChange={(e) => save.mutate({ kind: p.kind, email: e.target.checked })}
              />
              <span className="text-slate-900">{p.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}
