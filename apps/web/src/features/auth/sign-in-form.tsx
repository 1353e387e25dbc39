import { AuthForm } from './auth-form';

const noop = () => {};

/**
 * The sign-in form without its logic. Also the page's first paint: it is rendered into the HTML at build
 * time (app/shell), so what is painted before the code arrives is exactly what the code then shows.
 */
export function SignInForm({
  busy = false,
  error = null,
  fieldErrors = {},
  onSubmit = noop,
  notice,
}: {
  busy?: boolean;
  error?: string | null;
  fieldErrors?: Record<string, string>;
  onSubmit?: (values: Record<string, string>) => void;
  /** Why the engineer is asked to sign in, when it is not the first time. */
  notice?: string;
}) {
  return (
    <AuthForm
      title="Sign in"
      intro={notice ? <p role="status">{notice}</p> : undefined}
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
      ]}
      submitLabel="Sign in"
      busyLabel="Signing in..."
      busy={busy}
      onSubmit={onSubmit}
      fieldErrors={fieldErrors}
      error={error}
    />
  );
}
