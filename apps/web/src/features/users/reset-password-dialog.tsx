import { updateUserBody, type User } from '@hiu/domain';
import { FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

const newPasswordBody = updateUserBody.pick({ password: true }).required();

/** An admin sets a user's new password; the user is signed out everywhere. */
export default function ResetPasswordDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User | null;
}) {
  const form = useSchemaForm(newPasswordBody, { password: '' });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Reset password for ${user?.name ?? ''}`}
      submitLabel="Set password"
      onSubmit={async (body) => {
        await api.patch<User>(`/api/users/${user!.id}`, body);
        notify.success('Password reset', `${user?.name} must sign in again with the new password.`);
        onOpenChange(false);
      }}
    >
      <FormField name="password" label="New password" required hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" />
      </FormField>
    </FormDialog>
  );
}
