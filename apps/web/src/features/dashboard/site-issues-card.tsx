import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime, ISSUE_OWNER_LABELS, type SiteIssue } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { siteIssuesKey } from './site-issues-key';

const RaiseSiteIssueDialog = lazyDialog(() => import('./raise-site-issue-dialog'));
const ResolveSiteIssueDialog = lazyDialog(() => import('./resolve-site-issue-dialog'));

/**
 * The site's network-wide issues (docs/product.md#network-wide-issues): open ones first with who must act and
 * by when, resolved ones with how, by whom and when. Supervisors and admins raise and resolve them.
 */
export function SiteIssuesCard({ siteId, canEdit }: { siteId: string; canEdit: boolean }) {
  const list = useQuery<SiteIssue[]>({ queryKey: siteIssuesKey(siteId) });
  const [raising, setRaising] = useState(false);
  const [resolving, setResolving] = useState<SiteIssue | null>(null);
  const issues = list.data ?? [];
  const open = issues.filter((i) => !i.resolved).length;
  return (
    <Card className="space-y-4" aria-labelledby="site-issues-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="site-issues-heading" className="text-lg font-bold">
          Network-wide issues
        </h2>
        {canEdit ? (
          <Button variant="secondary" onClick={() => setRaising(true)}>
            Raise an issue
          </Button>
        ) : null}
      </div>
      <p className="text-base text-slate-700">
        Issues of the whole network that apply to every flat of this site.{' '}
        {list.isSuccess ? (open ? `${open} open.` : 'None open.') : null}
      </p>
      {list.isError ? <p role="alert">Could not load the issues. Check your connection and try again.</p> : null}
      {list.isSuccess && issues.length === 0 ? (
        <p className="text-slate-600">No network-wide issues recorded.</p>
      ) : null}
      <ul className="space-y-3">
        {issues.map((i) => (
          <li
            key={i.id}
            data-testid="site-issue"
            className={
              i.resolved
                ? 'rounded-lg border border-slate-200 p-3'
                : 'rounded-lg border border-amber-300 bg-amber-50 p-3'
            }
          >
            <p className="text-base font-semibold text-slate-900">{i.description}</p>
            {i.resolved ? (
              <p className="text-sm text-slate-700">
                <span className="font-medium text-pass">✓ Resolved</span>
                {i.closingComment ? `: ${i.closingComment}` : ''} ({i.closedBy ?? 'someone'},{' '}
                {i.closedAt ? formatDateTime(i.closedAt) : 'date not recorded'})
              </p>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-amber-950">
                  <span className="font-medium">⚠ Open</span>: {ISSUE_OWNER_LABELS[i.owner]} to act by{' '}
                  {formatDate(`${i.due}T12:00:00Z`)}
                  {i.raisedBy ? ` · raised by ${i.raisedBy}` : ''}
                </p>
                {canEdit ? (
                  <Button variant="secondary" onClick={() => setResolving(i)} aria-label={`Resolve: ${i.description}`}>
                    Resolve
                  </Button>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ul>
      <RaiseSiteIssueDialog siteId={siteId} open={raising} onOpenChange={setRaising} />
      {resolving ? (
        <ResolveSiteIssueDialog
          siteId={siteId}
          issue={resolving}
          open
          onOpenChange={(o) => (o ? undefined : setResolving(null))}
        />
      ) : null}
    </Card>
  );
}
