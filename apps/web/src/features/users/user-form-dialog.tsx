import type { z } from 'zod';
import {
  createUserBody,
  inviteUserBody,
  ROLE_LABELS,
  ROLES,
  updateUserBody,
  type InviteUserBody,
  type User,
} from '@hiu/domain';
import { FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

const editUserBody = updateUserBody.pick({ name: true, role: true }).required();

/** A new account's body: Add User's holds its first password, an invitation's does not. */
type NewUserBody = InviteUserBody & { password?: string };

/**
 * Add User (name, email, role, first password), Invite by email (name, email and role; the person chooses their
 * own password from the emailed link, docs/product.md#invitations), or change a user's name and role.
 */
export default function UserFormDialog({
  open,
  onOpenChange,
  user,
  invite = false,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to change; null for a new one. */
  user: User | null;
  /** A new user is invited by email rather than given a first password. */
  invite?: boolean;
  onSaved: () => void;
}) {
  return user ? (
    <EditUser open={open} onOpenChange={onOpenChange} user={user} onSaved={onSaved} />
  ) : (
    <NewUser open={open} onOpenChange={onOpenChange} invite={invite} onSaved={onSaved} />
  );
}

function NewUser({
  open,
  onOpenChange,
  invite,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  invite: boolean;
  onSaved: () => void;
}) {
  const schema: z.ZodType<NewUserBody, NewUserBody> = invite ? inviteUserBody : createUserBody;
  const blank = { name: '', email: '', role: 'engineer' } as const;
  const form = useSchemaForm(schema, invite ? blank : { ...blank, password: '' });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={invite ? 'Invite by email' : 'Add User'}
      submitLabel={invite ? 'Send invitation' : 'Save'}
      onSubmit={async (body) => {
        const u = await api.post<User>(invite ? '/api/users/invitations' : '/api/users', body);
        if (invite)
          notify.success('Invitation sent', `${u.name} gets an email with a link to choose a password, for 7 days.`);
        else notify.success('User added', `${u.name} can now sign in as ${u.role}.`);
        onSaved();
        onOpenChange(false);
      }}
    >
      <FormField name="name" label="Name" required>
        <Input autoComplete="off" />
      </FormField>
      <FormField name="email" label="Email" required>
        <Input type="email" autoComplete="off" />
      </FormField>
      <RoleField />
      {invite ? null : (
        <FormField name="password" label="Password" required hint="At least 8 characters. Share it with them securely.">
          <Input type="password" autoComplete="new-password" />
        </FormField>
      )}
    </FormDialog>
  );
}

function EditUser({
  open,
  onOpenChange,
  user,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  user: User;
  onSaved: () => void;
}) {
  const form = useSchemaForm(editUserBody, { name: user.name, role: user.role });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${user.name}`}
      submitLabel="Save"
      onSubmit={async (body) => {
        await api.patch<User>(`/api/users/${user.id}`, body);
        notify.success('User updated');
        onSaved();
        onOpenChange(false);
      }}
    >
      <FormField name="name" label="Name" required>
        <Input autoComplete="off" />
      </FormField>
      <RoleField />
    </FormDialog>
  );
}

function RoleField() {
  return (
    <FormField
      name="role"
      label="Role"
      required
      hint="A client reads the progress and approved reports of the sites they are given, and changes nothing."
    >
      <Select>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
