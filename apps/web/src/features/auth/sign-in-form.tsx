import { Link } from 'wouter';
import { AuthForm } from './auth-form';

const noop = () => {};

/** Why the engineer is asked to sign in after the server ended the session (lib/session signInAgainPath). */
export const SIGNED_OUT_NOTICE = 'You were signed out. Sign in again to send what is kept on this phone.';

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
  noticeIfSignedOut = false,
  forgotPassword = false,
}: {
  busy?: boolean;
  error?: string | null;
  fieldErrors?: Record<string, string>;
  onSubmit?: (values: Record<string, string>) => void;
  /** Why the engineer is asked to sign in, when it is not the first time. */
  notice?: string;
  /**
   * The build-time first paint, which cannot see the address: the notice is in the HTML and shows only when the
   * loader has marked a signed-out visit (index.css), so the form is where the app then draws it.
   */
  noticeIfSignedOut?: boolean;
  /** Offer "Forgot password" (the server sends email); its line is kept either way, so nothing moves. */
  forgotPassword?: boolean;
}) {
  return (
    <AuthForm
      title="Sign in"
      intro={
        noticeIfSignedOut ? (
          <p data-when-signed-out="">{SIGNED_OUT_NOTICE}</p>
        ) : notice ? (
          <p role="status">{notice}</p>
        ) : undefined
      }
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
      footer={
        <p className="mt-2 flex min-h-11 items-center justify-center">
          {forgotPassword ? (
            <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-semibold text-brand-700">
              Forgot password?
            </Link>
          ) : null}
        </p>
      }
    />
  );
}
