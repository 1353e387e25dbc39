import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS, type SiteMember, type SiteSummary, type User } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useChangeMember, useSiteMembers } from '../api/sites';
import { Problem } from '../../../components/problem';

const failed = (e: unknown, fallback: string) =>
  notify.error('Error', e instanceof ApiError ? e.userMessage : fallback);

/**
 * Who belongs to a site: engineers work, supervisors assign and review, clients read. New
 * sites start with every active engineer; an admin adds supervisors and clients and takes people off here.
 */
export function MembersDialog({ site, onClose }: { site: SiteSummary | null; onClose: () => void }) {
  const members = useSiteMembers(site?.id);
  const users = useQuery<User[]>({ queryKey: ['/api/users'], enabled: site !== null });
  const change = useChangeMember(site?.id ?? '');
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<SiteMember | null>(null);
  const memberIds = new Set((members.data ?? []).map((m) => m.userId));
  const candidates = (users.data ?? []).filter((u) => u.active && u.role !== 'admin' && !memberIds.has(u.id));

  const add = () => {
    const user = candidates.find((u) => u.id === adding);
    if (!user) return;
    change.mutate(
      { userId: user.id, add: true },
      {
        onSuccess: () => {
          notify.success('Member added', `${user.name} can now see ${site?.name}`);
          setAdding('');
        },
        onError: (e) => failed(e, 'Could not add the member'),
      },
    );
  };

  return (
    <>
      <Dialog
        open={site !== null}
        onOpenChange={(o) => !o && onClose()}
        title={`Members of ${site?.name ?? 'site'}`}
        footer={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <div className="flex flex-col gap-4">
          {members.isError ? (
            <Problem
              error={members.error}
              what="the site's members"
              onRetry={() => void members.refetch()}
              back={null}
            />
          ) : !members.data ? (
            <p role="status">Loading members...</p>
          ) : members.data.length === 0 ? (
            <p className="text-slate-700">Nobody belongs to this site yet. Admins see every site.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Members">
              {members.data.map((m) => (
                <li key={m.userId} className="flex items-center justify-between gap-2 border-b border-slate-200 pb-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{m.name}</p>
                    <p className="text-sm text-slate-600 break-words">
                      {ROLE_LABELS[m.role]} · {m.email}
                      {m.active ? '' : ' · deactivated'}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    onClick={() => setRemoving(m)}
                    aria-label={`Remove ${m.name} from ${site?.name ?? 'the site'}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              add();
            }}
          >
            <Field label="Add a member" hint="Supervisors, engineers and clients who are not on this site yet.">
              <Select value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">Choose a person</option>
                {candidates.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name} ({ROLE_LABELS[u.role]})
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" disabled={!adding || change.isPending}>
              {change.isPending ? 'Saving...' : 'Add Member'}
            </Button>
          </form>
        </div>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'member'}?`}
        description={
          <p>
            {removing?.name} will no longer see {site?.name} or be assigned its properties. Their submitted reports are
            kept.
          </p>
        }
        confirmLabel="Remove Member"
        destructive
        busy={change.isPending}
        onConfirm={() =>
          removing &&
          change.mutate(
            { userId: removing.userId, add: false },
            {
              onSuccess: () => {
                notify.success('Member removed', `${removing.name} is no longer on ${site?.name}`);
                setRemoving(null);
              },
              onError: (e) => failed(e, 'Could not remove the member'),
            },
          )
        }
      />
    </>
  );
}
