import { Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { RequireAuth } from '../features/auth/require-auth';
import { HomeFrame } from '../features/home/home-frame';
import { AccountBar } from './account-bar';
import { NotFoundPage } from './not-found-page';
import { RouteShell } from './shell/route-shell';
import { lazyRetry } from '../lib/lazy-retry';

// Each area is its own chunk: the engineer's first screen never downloads admin, reports or PDF code.
// The check's data layer (zod, IndexedDB, outbox) loads with the engineer's screens, not with sign-in.
const EngineerArea = lazyRetry(() => import('./engineer-area'));
const SignInPage = lazyRetry(() => import('../features/auth/sign-in-page'));
const SetupPage = lazyRetry(() => import('../features/auth/setup-page'));
const ForgotPasswordPage = lazyRetry(() => import('../features/auth/forgot-password-page'));
const SetPasswordPage = lazyRetry(() => import('../features/auth/set-password-page'));
const HomePage = lazyRetry(() => import('../features/home/home-page'));
const CheckRoutes = lazyRetry(() => import('../features/check/check-routes'));
const AdminRoutes = lazyRetry(() => import('../features/admin/admin-routes'));
const ReportsPage = lazyRetry(() => import('../features/reports/reports-page'));
const UsersPage = lazyRetry(() => import('../features/users/users-page'));
const IntegrationsPage = lazyRetry(() => import('../features/integrations/integrations-page'));
const MyReportsPage = lazyRetry(() => import('../features/my-reports/my-reports-page'));
const HistoryPage = lazyRetry(() => import('../features/history/history-page'));
const ReviewSitePage = lazyRetry(() => import('../features/review/review-site-page'));
const ReviewReportPage = lazyRetry(() => import('../features/review/review-report-page'));
const DashboardPage = lazyRetry(() => import('../features/dashboard/dashboard-page'));
const NotificationsPage = lazyRetry(() => import('../features/notifications/notifications-page'));
const WitnessPage = lazyRetry(() => import('../features/witnessing/witness-page'));
// Only reviewers load the review area's cards on home.
const ReviewCountsCard = lazyRetry(() =>
  import('../features/review/review-counts-card').then((m) => ({ default: m.ReviewCountsCard })),
);
const MySitesCard = lazyRetry(() =>
  import('../features/review/my-sites-card').then((m) => ({ default: m.MySitesCard })),
);
const PushOffer = lazyRetry(() =>
  import('../features/notifications/push-card').then((m) => ({ default: m.PushOffer })),
);
const CheckNoticesAbove = lazyRetry(() =>
  import('../features/check/components/unsaved-work-banner').then((m) => ({ default: m.CheckNoticesAbove })),
);

/** A lazy screen; while its code loads, its shell (the same first paint the HTML had) or a loading line. */
const lazyPage = (node: ReactNode, fallback: ReactNode = <RouteShell />) => (
  <Suspense fallback={fallback}>{node}</Suspense>
);

// Home and the check share the engineer's area (one provider of the check in progress, kept mounted
// between them); every admin screen sits under the account bar.
const ENGINEER_PATHS = /^\/(check(\/.*)?|my-reports)?$/;
const CHECK_PATHS = /^\/check(\/.*)?$/;
const ADMIN_PATHS = /^\/admin(\/.*)?$/;
const REVIEW_PATHS = /^\/review(\/.*)?$/;
const DASHBOARD_PATHS = /^\/dashboard\/[^/]+$/;

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/sign-in">{lazyPage(<SignInPage />)}</Route>
      <Route path="/setup">{lazyPage(<SetupPage />)}</Route>
      <Route path="/forgot-password">{lazyPage(<ForgotPasswordPage />)}</Route>
      <Route path="/set-password">{lazyPage(<SetPasswordPage />)}</Route>
      <Route path={ENGINEER_PATHS}>
        {lazyPage(
          <EngineerArea>
            <Switch>
              <Route path={CHECK_PATHS}>{lazyPage(<CheckRoutes />)}</Route>
              <Route path="/my-reports">
                <AccountBar>{lazyPage(<MyReportsPage />)}</AccountBar>
              </Route>
              <Route>
                <AccountBar>
                  {lazyPage(
                    <HomePage
                      CheckNotices={CheckNoticesAbove}
                      pushOffer={<PushOffer />}
                      reviewCards={
                        <>
                          <ReviewCountsCard />
                          <MySitesCard />
                        </>
                      }
                    />,
                    <HomeFrame />,
                  )}
                </AccountBar>
              </Route>
            </Switch>
          </EngineerArea>,
        )}
      </Route>
      <Route path={ADMIN_PATHS}>
        <AccountBar>
          <Switch>
            <Route path="/admin/reports">
              <RequireAuth role="admin">{lazyPage(<ReportsPage />)}</RequireAuth>
            </Route>
            <Route path="/admin/users">
              <RequireAuth role="admin">{lazyPage(<UsersPage />)}</RequireAuth>
            </Route>
            <Route path="/admin/integrations">
              <RequireAuth role="admin">{lazyPage(<IntegrationsPage />)}</RequireAuth>
            </Route>
            <Route path="/admin/history">
              <RequireAuth role="admin">{lazyPage(<HistoryPage />)}</RequireAuth>
            </Route>
            <Route>
              <RequireAuth role="admin">{lazyPage(<AdminRoutes />)}</RequireAuth>
            </Route>
          </Switch>
        </AccountBar>
      </Route>
      <Route path="/notifications">
        <AccountBar>
          <RequireAuth>{lazyPage(<NotificationsPage />)}</RequireAuth>
        </AccountBar>
      </Route>
      <Route path={DASHBOARD_PATHS}>
        <AccountBar>
          <Route path="/dashboard/:siteId">
            <RequireAuth>{lazyPage(<DashboardPage />)}</RequireAuth>
          </Route>
        </AccountBar>
      </Route>
      <Route path="/witness/:reportId">
        <AccountBar>
          <RequireAuth>{lazyPage(<WitnessPage />)}</RequireAuth>
        </AccountBar>
      </Route>
      <Route path={REVIEW_PATHS}>
        <AccountBar>
          <Switch>
            <Route path="/review/reports/:id">
              <RequireAuth role="supervisor">{lazyPage(<ReviewReportPage />)}</RequireAuth>
            </Route>
            <Route path={/^\/review\/sites\/(?<siteId>[^/]+)(\/.*)?$/}>
              <RequireAuth role="supervisor">{lazyPage(<ReviewSitePage />)}</RequireAuth>
            </Route>
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </AccountBar>
      </Route>
      <Route>
        <AccountBar>
          <NotFoundPage />
        </AccountBar>
      </Route>
    </Switch>
  );
}
