import { useLocation, useSearch } from 'wouter';
import { stepBySlug } from '@hiu/domain';
import { SIGNED_OUT_NOTICE, SignInForm } from '../../features/auth/sign-in-form';
import { isSignInAgain } from '../../lib/session';
import { HomeFrame } from '../../features/home/home-frame';
import { WizardShell } from '../../features/check/components/wizard-header';
import { AccountStrip } from '../account-bar';

/**
 * What a screen shows before its code and data have arrived: the parts that never depend on data, drawn
 * by the same components the screen uses. The build renders these into the HTML (so the first paint
 * happens before any script runs) and the app shows the same while it loads, so nothing flashes or moves.
 * `inert`: nothing in it can be focused or typed into before the real screen replaces it.
 */
export function ShellFor({ path, search }: { path: string; search?: string }) {
  return <div inert>{shellContent(path, search)}</div>;
}

/** The shell for the current address: the loading state of every route that has one. */
export function RouteShell() {
  return <ShellFor path={useLocation()[0]} search={useSearch()} />;
}

/** `search` is unknown at build time: the HTML's sign-in then carries the notice for the loader to show. */
function shellContent(path: string, search?: string) {
  if (path === '/sign-in') {
    if (search === undefined) return <SignInForm noticeIfSignedOut />;
    return <SignInForm notice={isSignInAgain(new URLSearchParams(search)) ? SIGNED_OUT_NOTICE : undefined} />;
  }
  if (path === '/') {
    return (
      <>
        <AccountStrip user={null} />
        <HomeFrame />
      </>
    );
  }
  const step = path.startsWith('/check/') ? stepBySlug(path.slice('/check/'.length)) : undefined;
  if (step) return <WizardShell step={step} />;
  return (
    <p role="status" className="p-6 text-center text-slate-600">
      Loading...
    </p>
  );
}
