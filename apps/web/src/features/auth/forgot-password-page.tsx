import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api, ApiError } from '../../lib/api-client';
import { AuthForm } from './auth-form';

/**
 * "Forgot password" (docs/product.md#invitations): a one-time link by email. The answer is the same whether or
 * not an account has the address.
 */
export default function ForgotPasswordPage() {
  const ask = useMutation({
    mutationFn: (email: string) => api.post<{ message: string }>('/api/auth/password-reset', { email }),
  });
  const err = ask.error instanceof ApiError ? ask.error : null;
  const back = (
    <p className="mt-2 flex min-h-11 items-center justify-center">
      <Link to="/sign-in" className="inline-flex min-h-11 items-center font-semibold text-brand-700">
        Back to sign in
      </Link>
    </p>
  );
  return (
    <AuthForm
      title="Forgot password"
      intro={
        ask.data ? (
          <p role="status" className="font-medium text-slate-800">
            {ask.data.message} The link works once, for an hour.
          </p>
        ) : (
          'Enter the email address of your account. We email you a link to choose a new password.'
        )
      }
      fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'username' }]}
      submitLabel={ask.data ? 'Send again' : 'Send the link'}
      busyLabel="Sending..."
      busy={ask.isPending}
      onSubmit={(v) => ask.mutate(v.email ?? '')}
      fieldErrors={err?.status === 422 ? err.fieldErrors : {}}
      error={err ? err.userMessage : ask.error ? 'Could not reach the server. Check your connection.' : null}
      footer={back}
    />
  );
}
