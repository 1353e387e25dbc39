import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button';
import { signInAgainPath } from '../../../lib/session';

/** For work waiting on a session the server has ended: sign in, then come back to `back` with it sent. */
export function SignInToSend({ back }: { back: string }) {
  return (
    <Link to={signInAgainPath(back)} className={buttonClass('primary', 'lg', 'w-full')}>
      Sign in to send
    </Link>
  );
}
