import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { stepBySlug } from '@hiu/domain';
import { SaveBadge, useWizard } from './state/wizard-provider';
import { BasicInfoStep } from './pages/basic-info-step';
import { InitialChecksStep } from './pages/initial-checks-step';
import { StandbyModeStep } from './pages/standby-mode-step';
import { RadiatorsStep } from './pages/radiators-step';
import { HeatingStep } from './pages/heating-step';
import { DhwStep } from './pages/dhw-step';
import { ReviewStep } from './pages/review-step';
import { ResumePage } from './pages/resume-page';
import { FailedPage } from './pages/failed-page';
import { OutboxPage } from './pages/outbox-page';
import { WizardShell } from './components/wizard-header';

// The camera and signature code loads with the step that uses them (issue 7: not with the first screen);
// the service worker keeps it for offline use.
const PhotosSignatureStep = lazy(() =>
  import('./pages/photos-signature-step').then((m) => ({ default: m.PhotosSignatureStep })),
);

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
    // The quick cache may be empty while the phone's database still holds the check: wait for it.
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

const STEP_PAGES: [string, ReactNode][] = [
  ['basic-info', <BasicInfoStep />],
  ['initial-checks', <InitialChecksStep />],
  ['standby-mode', <StandbyModeStep />],
  ['radiators', <RadiatorsStep />],
  ['heating', <HeatingStep />],
  ['dhw', <DhwStep />],
  [
    'photos-signature',
    <Suspense fallback={<WizardShell step={stepBySlug('photos-signature')!} />}>
      <PhotosSignatureStep />
    </Suspense>,
  ],
  ['review', <ReviewStep />],
];

/** The engineer's checklist under /check/* (spec section 2). */
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
          <ResumePage />
        </Route>
        <Route path="/check/outbox">
          <OutboxPage />
        </Route>
        <Route path="/check/failed">
          <FailedOnly>
            <FailedPage />
          </FailedOnly>
        </Route>
        <Route>
          <p className="p-4">404 - Not Found</p>
        </Route>
      </Switch>
      <SaveBadge />
    </>
  );
}
