import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { addMemberForm, ROLE_LABELS, type SiteMember, type SiteSummary, type User } from '@hiu/domain';
import { FormField, useSchemaForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import DialogContent from '../../../components/ui/dialog-content';
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
 * Its code, the form library's with it, loads when it first opens.
 */
export default function MembersDialog({
  open,
  onOpenChange,
  site,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site: SiteSummary | null;
}) {
  const members = useSiteMembers(site?.id);
  const users = useQuery<User[]>({ queryKey: ['/api/users'], enabled: site !== null });
  const change = useChangeMember(site?.id ?? '');
  const form = useSchemaForm(addMemberForm, { userId: '' });
  const [removing, setRemoving] = useState<SiteMember | null>(null);
  const memberIds = new Set((members.data ?? []).map((m) => m.userId));
  const candidates = (users.data ?? []).filter((u) => u.active && u.role !== 'admin' && !memberIds.has(u.id));

  const add = form.handleSubmit(async ({ userId }) => {
    const user = candidates.find((u) => u.id === userId);
    if (!user) return;
    try {
      await change.mutateAsync({ userId: user.id, add: true });
      notify.success('Member added', `${user.name} can now see ${site?.name}`);
      form.reset({ userId: '' });
    } catch (e) {
      failed(e, 'Could not add the member');
    }
  });

  return (
    <>
      <DialogContent
        open={open}
        onOpenChange={onOpenChange}
        title={`Members of ${site?.name ?? 'site'}`}
        footer={
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
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
          <FormProvider {...form}>
            <form className="flex flex-col gap-2" noValidate onSubmit={(e) => void add(e)}>
              <FormField
                name="userId"
                label="Add a member"
                hint="Supervisors, engineers and clients who are not on this site yet."
              >
                <Select>
                  <option value="">Choose a person</option>
                  {candidates.map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name} ({ROLE_LABELS[u.role]})
                    </option>
                  ))}
                </Select>
              </FormField>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? 'Saving...' : 'Add Member'}
              </Button>
            </form>
          </FormProvider>
        </div>
      </DialogContent>
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
