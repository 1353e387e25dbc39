import { Link } from 'wouter';
import { buttonClass } from '../components/ui/button';
import { Page } from '../components/ui/page';

/** docs/product.md#not-found: any other path, inside the app's frame, with the way home. */
export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p className="mb-4 text-slate-700">
        There is no page at this address. The link may be mistyped, or the page may have moved.
      </p>
      <Link href="/" className={buttonClass('primary')}>
        Back to home
      </Link>
    </Page>
  );
}
