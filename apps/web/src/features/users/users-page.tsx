import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, type AuthOptions, type User, type UserListItem } from '@hiu/domain';
import { AdminLayout } from '../../components/admin-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { lazyDialog, opensDialogs } from '../../components/ui/lazy-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { Problem } from '../../components/problem';

const USERS_KEY = ['/api/users'];

// The forms load as their button is reached, with the form library: the list shows without them.
const UserFormDialog = lazyDialog(() => import('./user-form-dialog'));
const ResetPasswordDialog = lazyDialog(() => import('./reset-password-dialog'));

/** Admins add engineers, change names and roles, deactivate accounts and reset passwords. */
export default function UsersPage() {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const users = useQuery<UserListItem[]>({ queryKey: USERS_KEY });
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  // Invitations by email only where the server sends email.
  const options = useQuery<AuthOptions>({ queryKey: ['/api/auth/options'] });
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [toggling, setToggling] = useState<User | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });

  const toggle = useMutation({
    mutationFn: (u: User) => api.patch<User>(`/api/users/${u.id}`, { active: !u.active }),
    onSuccess: (u) => {
      notify.success(
        u.active ? 'User reactivated' : 'User deactivated',
        `${u.name} can ${u.active ? 'now' : 'no longer'} sign in.`,
      );
      setToggling(null);
      void refresh();
    },
    onError: (e) => notify.error('Error', e instanceof ApiError ? e.userMessage : 'Could not update the user'),
  });

  return (
    <AdminLayout>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">Users</h2>
        <div className="flex flex-wrap gap-2">
          {options.data?.emailLinks ? (
            <Button variant="secondary" {...opensDialogs(UserFormDialog)} onClick={() => setInviting(true)}>
              Invite by email
            </Button>
          ) : null}
          <Button {...opensDialogs(UserFormDialog)} onClick={() => setAdding(true)}>
            Add User
          </Button>
        </div>
      </div>
      {users.isLoading ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : users.isError ? (
        <Problem error={users.error} what="the users" onRetry={() => void users.refetch()} />
      ) : (
        <ul className="flex flex-col gap-3">
          {users.data?.map((u) => (
            <li key={u.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {u.name}{' '}
                    {u.id === me?.id ? <span className="text-sm font-normal text-slate-500">(you)</span> : null}
                  </p>
                  <p className="truncate text-sm text-slate-600">{u.email}</p>
                  <p className="text-sm">
                    <span className="font-medium">{ROLE_LABELS[u.role]}</span>
                    {u.active ? null : <span className="ml-2 font-semibold text-fail">Deactivated</span>}
                  </p>
                  <UnclaimedUploads held={u.unclaimedUploads} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(u)} aria-label={`Edit ${u.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setResetting(u)}
                    aria-label={`Reset password for ${u.name}`}
                  >
                    Reset password
                  </Button>
                  {/* Nobody deactivates their own account: the office would lose its way in (docs/product.md#roles). */}
                  {u.id === me?.id ? null : (
                    <Button
                      size="sm"
                      variant={u.active ? 'danger' : 'secondary'}
                      onClick={() => setToggling(u)}
                      aria-label={`${u.active ? 'Deactivate' : 'Reactivate'} ${u.name}`}
                    >
                      {u.active ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <UserFormDialog
        key={adding ? 'add' : inviting ? 'invite' : (editing?.id ?? 'none')}
        open={adding || inviting || editing !== null}
        user={editing}
        invite={inviting}
        onOpenChange={(o) => {
          if (o) return;
          setAdding(false);
          setInviting(false);
          setEditing(null);
        }}
        onSaved={refresh}
      />
      <ResetPasswordDialog
        key={resetting?.id ?? 'none'}
        open={resetting !== null}
        user={resetting}
        onOpenChange={(o) => !o && setResetting(null)}
      />
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(o) => !o && setToggling(null)}
        title={toggling?.active ? `Deactivate ${toggling?.name}?` : `Reactivate ${toggling?.name}?`}
        description={
          toggling?.active
            ? 'They are signed out at once and can no longer sign in. Their reports are kept.'
            : 'They will be able to sign in again.'
        }
        confirmLabel={toggling?.active ? 'Deactivate' : 'Reactivate'}
        destructive={toggling?.active}
        busy={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate(toggling)}
      />
    </AdminLayout>
  );
}

/** Photos and signatures uploaded that no report has claimed yet: they count against the upload limit. */
function UnclaimedUploads({ held }: { held: UserListItem['unclaimedUploads'] | undefined }) {
  if (!held || held.count === 0) return null;
  const size =
    held.bytes >= 1024 * 1024 ? `${(held.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(held.bytes / 1024)} KB`;
  return (
    <p className="text-sm text-slate-600">
      Uploads not in a report: {held.count} ({size})
    </p>
  );
}
