import { useState } from 'react';
import { analysisCsvFilename } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ApiError, downloadFile } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';

/**
 * Reports as the analysis CSV: one row per report, a column per reading; one site's when
 * `site` is given, else every site's.
 */
export function AnalysisExportButton({
  site,
  className,
}: {
  site?: { siteId: string; siteName: string };
  className?: string;
}) {
  const siteName = site?.siteName;
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = site ? `?siteId=${encodeURIComponent(site.siteId)}` : '';
      await downloadFile(`/api/reports/analysis.csv${query}`, analysisCsvFilename(siteName, new Date()));
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
      notify.error('Export failed', message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={busy || siteName ? undefined : 'Analysis CSV of every site'}
    >
      {busy ? 'Exporting...' : 'Analysis CSV'}
    </Button>
  );
}
