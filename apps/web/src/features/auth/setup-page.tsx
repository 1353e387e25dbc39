import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Redirect, useLocation } from 'wouter';
import type { User } from '@hiu/domain';
import { api, ApiError } from '../../lib/api-client';
import { AuthForm } from './auth-form';
import { rememberUser, SESSION_KEY, useSession, useSetupNeeded } from '../../lib/session';

/** First run: an empty database offers to create the first admin. */
export default function SetupPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const setup = useSetupNeeded();
  const { user } = useSession();
  const create = useMutation({
    mutationFn: (body: Record<string, string>) =>
      api.post<User>('/api/auth/setup', {
        name: body.name ?? '',
        email: body.email ?? '',
        password: body.password ?? '',
      }),
    onSuccess: (u) => {
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, u);
      rememberUser(u);
      queryClient.setQueryData(['/api/auth/setup'], { needed: false });
      // The first admin's first job is sites and engineers (docs/product.md#admin-panel).
      navigate('/admin', { replace: true });
    },
  });
  if (setup.data && !setup.data.needed) {
    // The admin this page has just made (or any signed-in admin) goes on to the admin area.
    const to = user?.role === 'admin' ? '/admin' : user ? '/' : '/sign-in';
    return <Redirect to={to} replace />;
  }
  const err = create.error instanceof ApiError ? create.error : null;
  return (
    <AuthForm
      title="Create the first admin account"
      intro="Welcome. This account manages sites, engineers and reports."
      fields={[
        { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
        {
          name: 'password',
          label: 'Password',
          type: 'password',
          autoComplete: 'new-password',
          hint: 'At least 8 characters.',
        },
      ]}
      submitLabel="Create admin account"
      busyLabel="Creating..."
      busy={create.isPending}
      onSubmit={(v) => create.mutate(v)}
      fieldErrors={err?.fieldErrors ?? {}}
      error={err ? err.userMessage : create.error ? 'Could not reach the server. Check your connection.' : null}
    />
  );
}
