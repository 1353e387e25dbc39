import { useState } from 'react';
import { analysisCsvFilename } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ApiError, downloadFile } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';

/** Every site's reports as the analysis CSV (decision 137): one row per report, a column per reading. */
export function AnalysisExportButton() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile('/api/reports/analysis.csv', analysisCsvFilename(undefined, new Date()));
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
      notify.error('Export failed', message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Exporting...' : 'Analysis CSV'}
    </Button>
  );
}
