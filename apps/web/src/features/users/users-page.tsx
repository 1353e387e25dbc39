import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROLES, type Role, type User, type UserListItem } from '@hiu/domain';
import { AdminLayout } from '../../components/admin-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/session';

const USERS_KEY = ['/api/users'];

interface UserForm {
  name: string;
  email: string;
  role: Role;
  password: string;
}
const emptyForm: UserForm = { name: '', email: '', role: 'engineer', password: '' };

/** Admins add engineers, change names and roles, deactivate accounts and reset passwords. */
export default function UsersPage() {
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const users = useQuery<UserListItem[]>({ queryKey: USERS_KEY });
  const [adding, setAdding] = useState(false);
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
        <Button onClick={() => setAdding(true)}>Add User</Button>
      </div>
      {users.isLoading ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : users.isError ? (
        <p role="alert" className="text-fail">
          Could not load users: {users.error.message}
        </p>
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
                    <span className="font-medium capitalize">{u.role}</span>
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
                  <Button
                    size="sm"
                    variant={u.active ? 'danger' : 'secondary'}
                    onClick={() => setToggling(u)}
                    aria-label={`${u.active ? 'Deactivate' : 'Reactivate'} ${u.name}`}
                  >
                    {u.active ? 'Deactivate' : 'Reactivate'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <UserDialog
        key={adding ? 'add' : (editing?.id ?? 'none')}
        open={adding || editing !== null}
        user={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onSaved={refresh}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
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

function UserDialog({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: User | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<UserForm>(
    user ? { ...emptyForm, name: user.name, email: user.email, role: user.role } : emptyForm,
  );
  const save = useMutation({
    mutationFn: () =>
      user
        ? api.patch<User>(`/api/users/${user.id}`, { name: form.name, role: form.role })
        : api.post<User>('/api/users', form),
    onSuccess: (u) => {
      notify.success(
        user ? 'User updated' : 'User added',
        user ? undefined : `${u.name} can now sign in as ${u.role}.`,
      );
      onSaved();
      onClose();
    },
  });
  const err = save.error instanceof ApiError ? save.error : null;
  const set = (k: keyof UserForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={user ? `Edit ${user.name}` : 'Add User'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        id="user-form"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label="Name" required error={err?.fieldErrors.name}>
          <Input value={form.name} onChange={set('name')} autoComplete="off" />
        </Field>
        {user ? null : (
          <Field label="Email" required error={err?.fieldErrors.email}>
            <Input type="email" value={form.email} onChange={set('email')} autoComplete="off" />
          </Field>
        )}
        <Field label="Role" required>
          <Select value={form.role} onChange={set('role')}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        {user ? null : (
          <Field
            label="Password"
            required
            hint="At least 8 characters. Share it with them securely."
            error={err?.fieldErrors.password}
          >
            <Input type="password" value={form.password} onChange={set('password')} autoComplete="new-password" />
          </Field>
        )}
        {err && Object.keys(err.fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm font-medium text-fail">
            {err.userMessage}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => api.patch<User>(`/api/users/${user!.id}`, { password }),
    onSuccess: () => {
      notify.success('Password reset', `${user?.name} must sign in again with the new password.`);
      setPassword('');
      onClose();
    },
  });
  const err = reset.error instanceof ApiError ? reset.error : null;
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Reset password for ${user?.name ?? ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="reset-form" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set password'}
          </Button>
        </>
      }
    >
      <form
        id="reset-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reset.mutate();
        }}
      >
        <Field
          label="New password"
          required
          hint="At least 8 characters."
          error={err?.fieldErrors.password ?? (err ? err.userMessage : undefined)}
        >
          <Input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </Field>
      </form>
    </Dialog>
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
