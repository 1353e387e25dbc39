import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { useFieldDataRefresh } from './api/field-data';
import { DraftsList, RESUME_DRAFTS_ID } from './components/drafts-list';
import { MyFlats } from './components/my-flats';
import { OfflineNotice } from './components/offline-notice';
import { HomeFrame } from './home-frame';
import { START_CHECK_ID, StartCheckCard } from './components/start-check-card';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { lazyComponent } from '../../lib/lazy-component';

// Only a client's home shows their sites: an engineer's or an office user's home does not download it.
const clientSites = lazyComponent(() => import('./components/client-sites').then((m) => m.ClientSites));
// The offer of push notifications is shown only where the browser could still ask (docs/product.md#push-notifications).
const mayOfferPush = () => typeof Notification !== 'undefined' && Notification.permission === 'default';

interface HomePageProps {
  /**
   * The check feature's notices (Unsaved Work Found, reports waiting to be sent), drawn above the cards it is
   * given once a check kept on this phone has been read; composed in by the router.
   */
  CheckNotices?: ComponentType<{ children: ReactNode }>;
  /** A supervisor's and admin's review counts and sites, composed in by the router. */
  reviewCards?: ReactNode;
  /** The offer of push notifications to an engineer, composed in by the router. */
  pushOffer?: ReactNode;
}

/** Home (/): start a check, resume today's drafts, and the admin entry points for admins. */
export default function HomePage({ CheckNotices, reviewCards, pushOffer }: HomePageProps) {
  const { user } = useSession();
  const [path] = useLocation();
  // Clients and assessors read and sign; they run no checks (docs/product.md#roles).
  const readsOnly = user?.role === 'client' || user?.role === 'assessor';
  // A client runs no checks: the phone keeps no field data for them, and asks for none (it is not theirs).
  useFieldDataRefresh(readsOnly ? undefined : user?.id);
  const reviewer = user?.role === 'admin' || user?.role === 'supervisor';

  // /#start-check (the reports empty state) lands on the Start New Check card.
  useEffect(() => {
    if (window.location.hash !== `#${START_CHECK_ID}`) return;
    const card = document.getElementById(START_CHECK_ID);
    card?.scrollIntoView({ block: 'start' });
    card?.querySelector('select')?.focus({ preventScroll: true });
  }, [path]);

  const cards = (
    <>
      {reviewer ? reviewCards : null}
      {user?.role === 'engineer' ? (
        <>
          {/* My flats may be several screens long: the drafts stay one tap from the top. */}
          <a href={`#${RESUME_DRAFTS_ID}`} className={buttonClass('secondary', 'md', 'w-full')}>
            Resume Drafts
          </a>
          <MyFlats />
        </>
      ) : null}
      {readsOnly ? (
        <Suspense
          fallback={
            <Card role="status" className="space-y-3">
              <span className="sr-only">Loading your sites...</span>
              <Skeleton className="h-7 w-48" />
              <Skeleton className="h-12" />
            </Card>
          }
        >
          <clientSites.Component canWitness={user?.role === 'assessor'} />
        </Suspense>
      ) : (
        <>
          <StartCheckCard />
          <DraftsList />
          {user?.role === 'engineer' && mayOfferPush() ? <Suspense fallback={null}>{pushOffer}</Suspense> : null}
        </>
      )}
    </>
  );

  return (
    <HomeFrame
      myReports={!readsOnly}
      adminNav={
        user?.role === 'admin' ? (
          <nav aria-label="Admin" className="flex gap-2">
            <Link to="/admin/reports" className={buttonClass('secondary')}>
              Reports
            </Link>
            <Link to="/admin/sites" className={buttonClass('secondary')}>
              Sites
            </Link>
          </nav>
        ) : null
      }
    >
      {/* One boundary: the check's notices and the review cards (their own chunks) appear with the cards below
          them, so nothing is pushed down when they arrive. */}
      <Suspense fallback={<LoadingCards />}>
        <OfflineNotice />
        {CheckNotices ? <CheckNotices>{cards}</CheckNotices> : cards}
      </Suspense>
    </HomeFrame>
  );
}

/** Said to a screen reader while home's cards wait for their code. */
function LoadingCards() {
  return (
    <p role="status" className="sr-only">
      Loading...
    </p>
  );
}
