import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { AccountLink, User } from '@hiu/domain';
import { api, ApiError } from '../../lib/api-client';
import { rememberUser, SESSION_KEY, signOutSettled } from '../../lib/session';
import { Card } from '../../components/ui/card';
import { AuthForm } from './auth-form';

// The token travels after '#', so it is never sent in a request's address, logged or passed on as a referrer.
const tokenOfPage = () => window.location.hash.slice(1);

/**
 * Set a password from an invitation or a reset link (docs/product.md#invitations): the link works once, and the
 * person is signed in here and signed out everywhere else.
 */
export default function SetPasswordPage() {
  const [token] = useState(tokenOfPage);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [mismatch, setMismatch] = useState(false);
  const link = useQuery<AccountLink>({
    queryKey: [`/api/auth/links/${token}`],
    enabled: token !== '',
  });
  const set = useMutation({
    mutationFn: async (password: string) => {
      await signOutSettled();
      return api.post<User>('/api/auth/password', { token, password });
    },
    onSuccess: (u) => {
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, u);
      rememberUser(u);
      navigate('/', { replace: true });
    },
  });
  if (token === '' || link.isError) {
    const gone = link.error instanceof ApiError && link.error.status === 410;
    return (
      <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-8">
        <Card>
          <h1 className="text-2xl font-bold">This link does not work</h1>
          <p role="alert" className="mt-2 text-slate-700">
            {token === '' || gone
              ? 'It has expired or was used already. Ask your admin for a new invitation, or ask for a new reset link.'
              : 'Could not reach the server. Check your connection and open the link again.'}
          </p>
          <p className="mt-2 flex min-h-11 items-center">
            <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-semibold text-brand-700">
              Ask for a new link
            </Link>
          </p>
        </Card>
      </main>
    );
  }
  const invite = link.data?.purpose === 'invite';
  const err = set.error instanceof ApiError ? set.error : null;
  return (
    <AuthForm
      title={invite ? 'Set your password' : 'Choose a new password'}
      intro={
        link.data ? (
          <p>
            {invite ? `Welcome, ${link.data.name}. ` : ''}For {link.data.email}. At least 8 characters.
          </p>
        ) : (
          <p role="status">Checking the link...</p>
        )
      }
      fields={[
        { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password' },
        { name: 'confirm', label: 'New password again', type: 'password', autoComplete: 'new-password' },
      ]}
      submitLabel={invite ? 'Set password and sign in' : 'Save and sign in'}
      busyLabel="Saving..."
      busy={set.isPending || !link.data}
      onSubmit={(v) => {
        const same = (v.password ?? '') === (v.confirm ?? '');
        setMismatch(!same);
        if (same) set.mutate(v.password ?? '');
      }}
      fieldErrors={
        mismatch ? { confirm: 'The two passwords are not the same' } : err?.status === 422 ? err.fieldErrors : {}
      }
      error={err && err.status !== 422 ? err.userMessage : set.error && !err ? 'Could not reach the server.' : null}
    />
  );
}
