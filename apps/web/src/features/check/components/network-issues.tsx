import { useQuery } from '@tanstack/react-query';
import { APPLIES_TO_EVERY_FLAT, formatDate, ISSUE_OWNER_LABELS, openSiteIssues, type SiteIssue } from '@hiu/domain';
import { Card } from '../../../components/ui/card';
import { useWizard } from '../state/wizard-provider';

/**
 * The site's open network-wide issues (docs/product.md#network-wide-issues), read-only beside the check's own:
 * the office raises and resolves them, and every flat's report carries them. Kept on the phone with the site's
 * data, so they show without a signal too.
 */
export function NetworkIssues() {
  const { state } = useWizard();
  const siteId = state.wizardData.siteId;
  const list = useQuery<SiteIssue[]>({ queryKey: [`/api/sites/${siteId}/issues`], enabled: siteId !== '' });
  const open = openSiteIssues(list.data ?? []);
  if (open.length === 0) return null;
  return (
    <Card className="space-y-3" aria-labelledby="network-issues-heading" data-testid="network-issues">
      <h2 id="network-issues-heading" className="text-lg font-bold">
        Network-wide issues ({open.length} open)
      </h2>
      <p className="text-base text-slate-700">
        Raised by the office for the whole site. {APPLIES_TO_EVERY_FLAT}, this one included: nothing to enter here.
      </p>
      <ul className="space-y-3">
        {open.map((i) => (
          <li key={i.id} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p className="text-base font-semibold text-slate-900">{i.description}</p>
            <p className="text-sm text-amber-950">
              <span className="font-medium">⚠ Open</span>: {ISSUE_OWNER_LABELS[i.owner]} to act by{' '}
              {formatDate(`${i.due}T12:00:00Z`)}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
