import { createUserBody, ROLE_LABELS, ROLES, updateUserBody, type User } from '@hiu/domain';
import { FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

const editUserBody = updateUserBody.pick({ name: true, role: true }).required();

/** Add User (name, email, role, first password), or change a user's name and role. */
export default function UserFormDialog({
  open,
  onOpenChange,
  user,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User | null;
  onSaved: () => void;
}) {
  return user ? (
    <EditUser open={open} onOpenChange={onOpenChange} user={user} onSaved={onSaved} />
  ) : (
    <AddUser open={open} onOpenChange={onOpenChange} onSaved={onSaved} />
  );
}

function AddUser({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(createUserBody, { name: '', email: '', role: 'engineer', password: '' });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Add User"
      submitLabel="Save"
      onSubmit={async (body) => {
        const u = await api.post<User>('/api/users', body);
        notify.success('User added', `${u.name} can now sign in as ${u.role}.`);
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
      <FormField name="password" label="Password" required hint="At least 8 characters. Share it with them securely.">
        <Input type="password" autoComplete="new-password" />
      </FormField>
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
