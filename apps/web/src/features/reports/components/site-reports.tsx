import { useId, useState } from 'react';
import type { ReportSite } from '@hiu/domain';
import { CountBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { exportSiteCsv } from '../api/downloads';
import { AnalysisExportButton } from './analysis-export-button';
import { ReportTable } from './report-table';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One site on the reports screen, by identity: name and location; expands to its table of flats. */
export function SiteReports({ site }: { site: ReportSite }) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const [exported, setExported] = useState<number | null>(null);

  async function exportCsv() {
    setExported(0);
    try {
      await exportSiteCsv(site, setExported);
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
      notify.error('Export failed', message);
    } finally {
      setExported(null);
    }
  }

  return (
    <section
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      aria-labelledby={headingId}
      data-testid="site-reports"
    >
      <h2 id={headingId} className="m-0">
        <button
          type="button"
          className="flex min-h-14 w-full items-center gap-3 rounded-t-xl px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((v) => !v)}
        >
          <span aria-hidden="true" className={`text-slate-500 transition-transform ${expanded ? 'rotate-90' : ''}`}>
            ▶
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-lg font-bold text-slate-900">{site.siteName}</span>
            <span className="block text-sm font-normal text-slate-600">{site.location}</span>
            <span className="mt-1 flex flex-wrap gap-1.5" data-testid="site-summary">
              <CountBadge tone="neutral">
                {site.reports} {site.reports === 1 ? 'report' : 'reports'}
              </CountBadge>
              <CountBadge tone="pass">✓ {site.passed} Pass</CountBadge>
              <CountBadge tone={site.failed > 0 ? 'fail' : 'neutral'}>✕ {site.failed} Fail</CountBadge>
            </span>
          </span>
        </button>
      </h2>
      <div className="flex flex-wrap justify-end gap-2 px-4 pb-3">
        <AnalysisExportButton site={site} />
        <Button variant="secondary" onClick={exportCsv} disabled={exported !== null}>
          {exported === null ? 'Export CSV' : exported > 0 ? `Exporting... ${megabytes(exported)}` : 'Exporting...'}
        </Button>
      </div>
      <div id={panelId} hidden={!expanded} className="border-t border-slate-200 px-3 pb-4 sm:px-4">
        {expanded ? <ReportTable site={site} /> : null}
      </div>
    </section>
  );
}
