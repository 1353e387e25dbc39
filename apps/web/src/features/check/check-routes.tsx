import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { stepBySlug, type StepSlug } from '@hiu/domain';
import { useWizard } from './state/wizard-provider';
// Only the wizard's screens show the save badge: not in the data layer home loads too.
import { SaveBadge } from './state/save-badge';
import { WizardShell } from './components/wizard-header';
import { whenIdle } from '../../lib/when-idle';
import { lazyRetry } from '../../lib/lazy-retry';
import { lazyComponent } from '../../lib/lazy-component';
import { NotFoundPage } from '../../app/not-found-page';

/**
 * A screen no one opens first: not in the wizard's first download. Its code is fetched when the page is idle,
 * so a tap on it rarely waits and a lost signal finds it on the phone; the service worker keeps it too.
 */
function laterPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Page = lazyRetry(() => load().then((page) => ({ default: page })));
  // A failed early fetch is tried again when the screen opens.
  if (typeof window !== 'undefined') whenIdle(() => void load().catch(() => undefined));
  return Page;
}

/**
 * Steps 1-6: each screen's code comes with the step, so opening one (or the review, the outbox, the Failed page)
 * does not download the other five. The rest are fetched when the page is idle, so Next draws the next step at
 * once and a lost signal still finds every step on the phone; the service worker keeps them too.
 */
function stepPage(load: () => Promise<ComponentType>) {
  const page = lazyComponent(load);
  if (typeof window !== 'undefined') whenIdle(() => void page.preload());
  return page.Component;
}

const BasicInfoStep = stepPage(() => import('./pages/basic-info-step').then((m) => m.BasicInfoStep));
const InitialChecksStep = stepPage(() => import('./pages/initial-checks-step').then((m) => m.InitialChecksStep));
const StandbyModeStep = stepPage(() => import('./pages/standby-mode-step').then((m) => m.StandbyModeStep));
const RadiatorsStep = stepPage(() => import('./pages/radiators-step').then((m) => m.RadiatorsStep));
const HeatingStep = stepPage(() => import('./pages/heating-step').then((m) => m.HeatingStep));
const DhwStep = stepPage(() => import('./pages/dhw-step').then((m) => m.DhwStep));

// The camera and signature code is not in the first download either (docs/product.md#speed-and-size), but is fetched as soon as the
// page is idle: a signal lost before the service worker has stored the app must not lose step 7.
const PhotosSignatureStep = laterPage(() =>
  // With the reducer its photos need and the code that keeps them, so a signal lost before step 7 does not stop
  // a photo.
  Promise.all([
    import('./pages/photos-signature-step'),
    import('./state/compress-image'),
    import('./state/keep-files'),
  ]).then(([m]) => m.PhotosSignatureStep),
);
// The paste rules for measurement boxes (components/ui/input), so a paste with no signal still reads units.
if (typeof window !== 'undefined')
  whenIdle(() => void import('../../components/ui/pasted-number').catch(() => undefined));
// What the check's taps run (queuing a report, the bars' Cancel and Go to first missing field, asking for the
// location), so a tap with no signal still finds it.
if (typeof window !== 'undefined') {
  whenIdle(() => void import('./state/report-sending').catch(() => undefined));
  whenIdle(() => void import('./lib/chrome-taps').catch(() => undefined));
  whenIdle(() => void import('./lib/submit-location').catch(() => undefined));
}
const ReviewStep = laterPage(() => import('./pages/review-step').then((m) => m.ReviewStep));
// With the code that resumes a draft, which only this screen runs.
const ResumePage = laterPage(() =>
  Promise.all([import('./pages/resume-page'), import('./state/resume-draft')]).then(([m]) => m.ResumePage),
);
const FailedPage = laterPage(() => import('./pages/failed-page').then((m) => m.FailedPage));
const FailureEvidencePage = laterPage(() =>
  Promise.all([
    import('./pages/failure-evidence-page'),
    import('./state/compress-image'),
    import('./state/keep-files'),
  ]).then(([m]) => m.FailureEvidencePage),
);
const OutboxPage = laterPage(() => import('./pages/outbox-page').then((m) => m.OutboxPage));

/**
 * A step needs a started check. Without one (no site chosen) the engineer goes home; basic-info with
 * siteId and propertyId in the address starts one. A failed flow is terminal and shows the Failed page.
 */
function ActiveCheck({ children }: { children: ReactNode }) {
  const { state, hydrated } = useWizard();
  const [pathname] = useLocation();
  const params = new URLSearchParams(useSearch());
  const starting = pathname.endsWith('/basic-info') && params.get('siteId') && params.get('propertyId');
  if (starting) return <>{children}</>;
  if (state.flowStatus === 'failed') return <Redirect to="/check/failed" replace />;
  if (!state.wizardData.siteId) {
    // The local cache may be empty while the phone's database still holds the check: wait for it.
    if (!hydrated) return <Loading />;
    return <Redirect to="/" replace />;
  }
  return <>{children}</>;
}

function FailedOnly({ children }: { children: ReactNode }) {
  const { state, hydrated } = useWizard();
  if (state.flowStatus === 'failed') return <>{children}</>;
  return hydrated ? <Redirect to="/" replace /> : <Loading />;
}

function Loading() {
  return (
    <p role="status" className="p-6 text-center text-slate-600">
      Loading...
    </p>
  );
}

/** While a step's code loads: the wizard's bar with the step's name, as in the page's first paint. */
const withShell = (slug: StepSlug, page: ReactNode): [string, ReactNode] => [
  slug,
  <Suspense fallback={<WizardShell step={stepBySlug(slug)!} />}>{page}</Suspense>,
];

const STEP_PAGES: [string, ReactNode][] = [
  withShell('basic-info', <BasicInfoStep />),
  withShell('initial-checks', <InitialChecksStep />),
  withShell('standby-mode', <StandbyModeStep />),
  withShell('radiators', <RadiatorsStep />),
  withShell('heating', <HeatingStep />),
  withShell('dhw', <DhwStep />),
  withShell('photos-signature', <PhotosSignatureStep />),
  withShell('review', <ReviewStep />),
];

/** The engineer's checklist under /check/* (docs/product.md#check). */
export default function CheckRoutes() {
  return (
    <>
      <Switch>
        {STEP_PAGES.map(([slug, page]) => (
          <Route key={slug} path={`/check/${slug}`}>
            <ActiveCheck>{page}</ActiveCheck>
          </Route>
        ))}
        <Route path="/check/resume/:id">
          <Suspense fallback={<Loading />}>
            <ResumePage />
          </Suspense>
        </Route>
        <Route path="/check/outbox">
          <Suspense fallback={<Loading />}>
            <OutboxPage />
          </Suspense>
        </Route>
        <Route path="/check/failure-evidence">
          <ActiveCheck>
            <Suspense fallback={<Loading />}>
              <FailureEvidencePage />
            </Suspense>
          </ActiveCheck>
        </Route>
        <Route path="/check/failed">
          <FailedOnly>
            <Suspense fallback={<Loading />}>
              <FailedPage />
            </Suspense>
          </FailedOnly>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
      <SaveBadge />
    </>
  );
}
