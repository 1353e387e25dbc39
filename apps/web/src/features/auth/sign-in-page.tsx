import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import type { AuthOptions, User } from '@hiu/domain';
import { api, ApiError } from '../../lib/api-client';
import { SIGNED_OUT_NOTICE, SignInForm } from './sign-in-form';
import {
  isSignInAgain,
  rememberUser,
  SESSION_KEY,
  signOutSettled,
  useSession,
  useSetupNeeded,
} from '../../lib/session';

/** What the engineer is told when sign-in failed: the server's own words, or plain ones for a busy server. */
function signInProblem(err: ApiError): string {
  if (err.payload) return err.userMessage; // e.g. too many attempts (429) or busy (503), with the wait
  if (err.status === 429 || err.status === 503) return 'The server is busy. Please wait a minute and try again.';
  return err.userMessage;
}

/** Only same-site paths are followed after sign-in, never another origin. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const setup = useSetupNeeded();
  const options = useQuery<AuthOptions>({ queryKey: ['/api/auth/options'] });
  const signIn = useMutation({
    mutationFn: async (body: Record<string, string>) => {
      await signOutSettled();
      return api.post<User>('/api/auth/login', { email: body.email ?? '', password: body.password ?? '' });
    },
    // "Busy" (503): the server checks one password per address at a time, so a colleague signing
    // in from the same office at that moment is tried again here, still "Signing in...", before anything is said.
    retry: (failures, error) => error instanceof ApiError && error.status === 503 && failures < 2,
    retryDelay: (failures) => 1000 * 2 ** failures,
    onSuccess: (u) => {
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, u);
      rememberUser(u);
      navigate(safeNext(params.get('next')), { replace: true });
    },
  });
  // Sent here because the server said the session had ended: ask it again, so every screen knows.
  const signedOut = isSignInAgain(params);
  useEffect(() => {
    if (signedOut) void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  }, [signedOut, queryClient]);
  if (setup.data?.needed) return <Redirect to="/setup" replace />;
  if (user && !signedOut) return <Redirect to="/" replace />;
  const err = signIn.error instanceof ApiError ? signIn.error : null;
  return (
    <SignInForm
      busy={signIn.isPending}
      onSubmit={(v) => signIn.mutate(v)}
      notice={signedOut ? SIGNED_OUT_NOTICE : undefined}
      forgotPassword={options.data?.emailLinks === true}
      fieldErrors={err?.status === 422 ? err.fieldErrors : {}}
      error={err ? signInProblem(err) : signIn.error ? 'Could not reach the server. Check your connection.' : null}
    />
  );
}
