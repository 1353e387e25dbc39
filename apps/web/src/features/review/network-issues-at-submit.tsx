import { useQuery } from '@tanstack/react-query';
import {
  APPLIES_TO_EVERY_FLAT,
  formatDate,
  ISSUE_OWNER_LABELS,
  siteIssuesOpenAt,
  type ReportDetail,
  type SiteIssue,
} from '@hiu/domain';

/**
 * The site's network-wide issues that were open when the report was submitted, as its PDF prints them
 * (docs/product.md#network-wide-issues): the office reads them beside the flat's own issues.
 */
export function NetworkIssuesAtSubmit({ report }: { report: ReportDetail }) {
  const siteId = report.siteId ?? '';
  const list = useQuery<SiteIssue[]>({ queryKey: [`/api/sites/${siteId}/issues`], enabled: siteId !== '' });
  const open = siteIssuesOpenAt(list.data ?? [], report.completedAt);
  if (open.length === 0) return null;
  return (
    <div className="space-y-1" data-testid="network-issues-at-submit">
      <h3 className="text-base font-semibold text-slate-800">Network-wide issues open when it was submitted</h3>
      <ul className="list-disc space-y-1 pl-5">
        {open.map((i) => (
          <li key={i.id}>
            {i.description} ({ISSUE_OWNER_LABELS[i.owner]}, due {formatDate(`${i.due}T12:00:00Z`)}, open;{' '}
            {APPLIES_TO_EVERY_FLAT.toLowerCase()})
          </li>
        ))}
      </ul>
    </div>
  );
}
