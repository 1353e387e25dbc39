import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import {
  FLAT_STATE_LABELS,
  FLAT_STATES,
  formatDate,
  inRangeText,
  isOpenRange,
  ISSUE_OWNER_LABELS,
  type Site,
  type SiteDashboard,
} from '@hiu/domain';

type IssueOwner = keyof typeof ISSUE_OWNER_LABELS;
import { Problem } from '../../components/problem';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session';
import { ChartPanel } from './chart-panel';
import { DashboardFilters, useDashboardFilters } from './dashboard-filters';
import { PackCard } from './pack-card';
import { SignOffCard } from './sign-off-card';
import { SiteIssuesCard } from './site-issues-card';
import { WitnessingCard } from './witnessing-card';

const BRAND = '#0f4a76';
const pct = (r: number | null) => (r === null ? '-' : `${Math.round(r * 100)} %`);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;

/** Where a breakdown's states show as a table: one row per block or floor. */
function StatesTable({ title, rows }: { title: string; rows: { name: string; states: SiteDashboard['states'] }[] }) {
  return (
    <Card className="min-w-0 space-y-2">
      <h3 className="text-lg font-bold">{title}</h3>
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, table`}>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th className="p-2">{title.replace('By ', '').replace(/^./, (c) => c.toUpperCase())}</th>
              {FLAT_STATES.map((s) => (
                <th key={s} className="p-2 text-right">
                  {FLAT_STATE_LABELS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row" className="p-2 font-medium">
                  {r.name || 'Not given'}
                </th>
                {FLAT_STATES.map((s) => (
                  <td key={s} className="p-2 text-right">
                    {r.states[s]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** A site's dashboard (docs/product.md#dashboard): progress, quality and spreads, filtered, with the pack. */
/** A site's dashboard is for admins, supervisors and clients (docs/product.md#dashboard); an engineer is sent home. */
export default function DashboardPage() {
  const { user } = useSession();
  if (user?.role === 'engineer')
    return (
      <Page title="Dashboard">
        <p className="text-slate-800">
          A site&apos;s dashboard is for admins, supervisors and clients. Your flats and reports are on home.
        </p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-4')}>
          Go to home
        </Link>
      </Page>
    );
  return <SiteDashboardScreen />;
}

function SiteDashboardScreen() {
  const { siteId = '' } = useParams<{ siteId: string }>();
  const { user } = useSession();
  const { filter, query, set } = useDashboardFilters();
  const site = useQuery<Site>({ queryKey: [`/api/sites/${siteId}`] });
  // The unfiltered figures give the filters their choices (engineers, blocks, floors).
  const all = useQuery<SiteDashboard>({ queryKey: [`/api/sites/${siteId}/dashboard`] });
  const d = useQuery<SiteDashboard>({
    queryKey: [`/api/sites/${siteId}/dashboard${query ? `?${query}` : ''}`],
    placeholderData: keepPreviousData,
  });
  const data = d.data;
  const file = (what: string) => `${(site.data?.name ?? 'site').replace(/[^\w -]+/g, '')} ${what}.csv`;
  const canBuild = user?.role === 'admin' || user?.role === 'supervisor';
  // An unknown site, or one the reader is not on, has no dashboard to show: say so, not a page of zeros.
  const gone = site.error ?? (all.error && !all.data ? all.error : null);
  if (gone)
    return (
      <Page width="wide" title="Dashboard">
        <Problem error={gone} what="this site's dashboard" onRetry={() => void site.refetch()} />
      </Page>
    );

  return (
    <Page
      width="wide"
      title={site.data ? `${site.data.name} dashboard` : 'Dashboard'}
      subtitle={site.data?.location}
      actions={
        <Link to="/" className={buttonClass('secondary')}>
          Home
        </Link>
      }
    >
      <div className="space-y-5">
        <DashboardFilters filter={filter} set={set} all={all.data} />
        {d.isError ? <Problem error={d.error} what="the dashboard" onRetry={() => void d.refetch()} /> : null}
        {!data ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <section aria-label="Progress" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {[
                ['Flats', String(data.flats)],
                ...FLAT_STATES.map((s) => [FLAT_STATE_LABELS[s], String(data.states[s])]),
                ['First-time pass rate', pct(data.firstTimePassRate)],
                ['Re-tests', String(data.retests)],
                ...(data.openIssues.length ? [['Open issues', String(data.openIssues.length)]] : []),
              ].map(([k, v]) => (
                <Card key={k} className="py-3">
                  <p className="text-sm text-slate-700">{k}</p>
                  <p className="text-2xl font-bold text-slate-900">{v}</p>
                </Card>
              ))}
            </section>
            <div className="grid gap-4 lg:grid-cols-2">
              <StatesTable title="By block" rows={data.byBlock.map((b) => ({ name: b.block, states: b.states }))} />
              <StatesTable title="By floor" rows={data.byFloor.map((b) => ({ name: b.floor, states: b.states }))} />
            </div>
            {data.openIssues.length ? (
              <ChartPanel
                title="Open issues"
                caption="Issues on each flat's latest report that are not yet resolved, with who must act."
                chart={null}
                columns={['Flat', 'Issue', 'Who must act', 'Due']}
                rows={data.openIssues.map((i) => [
                  i.address,
                  i.description,
                  ISSUE_OWNER_LABELS[i.owner as IssueOwner] ?? i.owner,
                  formatDate(i.due) || '-',
                ])}
                file={file('open issues')}
              />
            ) : null}
            <ChartPanel
              title="Failure reasons"
              caption="How often each reason failed a report, most first."
              chart={null}
              columns={['Reason', 'Reports']}
              rows={data.failureReasons.map((r) => [r.reason, r.count])}
              file={file('failure reasons')}
            />
            <div className="grid gap-4 lg:grid-cols-2">
              {/* One chart per range the flats' types hold them to, named by its types when there are several. */}
              {data.distributions.flatMap((dist) =>
                dist.groups.map((g) => {
                  const title =
                    dist.groups.length > 1 ? `${dist.label}: ${g.types.join(', ') || 'no type'}` : dist.label;
                  return (
                    <ChartPanel
                      key={`${dist.id} ${g.types.join(' ')}`}
                      title={title}
                      caption={`${g.count} ${g.count === 1 ? 'flat' : 'flats'}, ${inRangeText(g, dist.unit)}${
                        g.median === null ? '' : `; median ${g.median} ${dist.unit}`
                      }.${isOpenRange(g.range) ? '' : ' The range is shaded.'}`}
                      chart={{
                        label: `${title}: flats per band of ${dist.unit}`,
                        x: g.bins.map((b) => (b.from + b.to) / 2),
                        series: [{ label: 'Flats', values: g.bins.map((b) => b.count), colour: BRAND, bars: true }],
                        xLabel: dist.unit,
                        yLabel: 'Flats',
                        // A reading no range judges (a design value not set for its types) has nothing to shade.
                        ...(isOpenRange(g.range) ? {} : { band: g.range }),
                      }}
                      columns={[`From (${dist.unit})`, `To (${dist.unit})`, 'Flats']}
                      rows={g.bins.map((b) => [b.from, b.to, b.count])}
                      file={file(title)}
                    />
                  );
                }),
              )}
              <ChartPanel
                title="Approved flats over time"
                chart={{
                  label: 'Approved flats, running total by day',
                  x: data.approvedOverTime.map((r) => dayMs(r.day)),
                  series: [
                    { label: 'Approved (total)', values: data.approvedOverTime.map((r) => r.total), colour: '#15803d' },
                  ],
                  xLabel: 'Day',
                  yLabel: 'Flats',
                  time: true,
                }}
                columns={['Day', 'Approved that day', 'Approved in all']}
                rows={data.approvedOverTime.map((r) => [formatDate(r.day), r.approved, r.total])}
                file={file('approved over time')}
              />
              <ChartPanel
                title="Reports per engineer per day"
                chart={null}
                columns={['Day', 'Engineer', 'Reports']}
                rows={data.perEngineerPerDay.map((r) => [formatDate(r.day), r.engineerName, r.reports])}
                file={file('reports per engineer')}
              />
            </div>
          </>
        )}
        {user && user.role !== 'engineer' ? <PackCard siteId={siteId} /> : null}
        {user && user.role !== 'engineer' ? (
          <SignOffCard
            siteId={siteId}
            signerName={user.name}
            canAsk={user.role === 'admin' || user.role === 'supervisor'}
          />
        ) : null}
        {user && user.role !== 'engineer' ? <SiteIssuesCard siteId={siteId} canEdit={canBuild} /> : null}
        {user && user.role !== 'engineer' ? (
          <WitnessingCard siteId={siteId} canWitness={user.role === 'assessor'} canSetRate={user.role === 'admin'} />
        ) : null}
      </div>
    </Page>
  );
}
