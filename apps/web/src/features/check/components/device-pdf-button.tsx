import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useFileBlob, useWizard } from '../state/wizard-provider';
import { useRanges } from '../lib/use-ranges';

/** "Download PDF": the report as it stands, built on this phone (works with no signal). */
export function DevicePdfButton({ label = 'Download PDF' }: { label?: string }) {
  const { state } = useWizard();
  const ranges = useRanges();
  const fileBlob = useFileBlob();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          // Loaded with the PDF code on the first tap, not with the review (the wizard's 120 KB budget).
          const { downloadDeviceReportPdf } = await import('../lib/device-report-pdf');
          await downloadDeviceReportPdf(state, ranges, fileBlob);
        } catch (error) {
          console.error('Failed to build PDF', error);
          notify.error('Download failed', 'The PDF could not be made on this phone. Please try again.');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? 'Preparing PDF...' : label}
    </Button>
  );
}
