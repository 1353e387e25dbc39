import { useQuery } from '@tanstack/react-query';
import { Link, Route, Switch, useParams } from 'wouter';
import type { Site } from '@hiu/domain';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { TabLinks } from '../../components/ui/tabs';
import { HistoryPanel } from '../../components/history-panel';
import { AssignPanel } from './assign-panel';
import { ReviewQueue } from './review-queue';
import { Problem } from '../../components/problem';

/** One site for its supervisor (docs/product.md#review): the review queue, assigning flats, and its history. */
export default function ReviewSitePage() {
  const { siteId = '' } = useParams<{ siteId: string }>();
  const site = useQuery<Site>({ queryKey: [`/api/sites/${siteId}`] });
  const base = `/review/sites/${siteId}`;
  return (
    <Page
      width="wide"
      title={site.data?.name ?? 'Site'}
      subtitle={site.data?.location}
      actions={
        <>
          <Link to={`/dashboard/${siteId}`} className={buttonClass('secondary')}>
            Dashboard
          </Link>
          <Link to="/" className={buttonClass('secondary')}>
            Home
          </Link>
        </>
      }
    >
      {site.isError ? <Problem error={site.error} what="the site" onRetry={() => void site.refetch()} /> : null}
      <TabLinks
        label="Site sections"
        tabs={[
          { to: base, label: 'Review' },
          { to: `${base}/flats`, label: 'Assign flats' },
          { to: `${base}/history`, label: 'History' },
        ]}
      />
      <div className="pt-4">
        <Switch>
          <Route path={`${base}/flats`}>
            <AssignPanel siteId={siteId} />
          </Route>
          <Route path={`${base}/history`}>
            <Card>
              <HistoryPanel query={`siteId=${siteId}`} title="Site history" />
            </Card>
          </Route>
          <Route>
            <ReviewQueue siteId={siteId} />
          </Route>
        </Switch>
      </div>
    </Page>
  );
}
