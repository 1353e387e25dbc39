import { inviteUserBody, ROLE_LABELS, ROLES, type User } from '@hiu/domain';
import { FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

/**
 * Invite by email (docs/product.md#invitations): name, email and role; the person chooses their own password from
 * the emailed link.
 */
export default function InviteUserDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const form = useSchemaForm(inviteUserBody, { name: '', email: '', role: 'engineer' });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Invite by email"
      submitLabel="Send invitation"
      onSubmit={async (body) => {
        const u = await api.post<User>('/api/users/invitations', body);
        notify.success('Invitation sent', `${u.name} gets an email with a link to choose a password, for 7 days.`);
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
      <FormField name="role" label="Role" required>
        <Select>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </FormField>
    </FormDialog>
  );
}
