import { evaluate, referencedFileIds, reportPdfFilename, type Ranges } from '@hiu/domain';
import { saveBlob } from '../../../lib/api-client';
import type { WizardState } from '../state/wizard-provider';

/**
 * Builds the report PDF on the phone from the check as it stands, with the photos held on the phone,
 * so an engineer can hand it over on site with no signal. The server builds the authoritative copy at submit.
 * The PDF code (pdf-lib) is loaded only here, on demand.
 */
export async function downloadDeviceReportPdf(
  state: WizardState,
  ranges: Ranges,
  fileBlob: (id: string) => Promise<Blob | null | undefined>,
): Promise<void> {
  const { buildReportPdf } = await import('@hiu/report-pdf');
  const d = state.wizardData;
  const failedStep = state.failedStep ?? null;
  const images: Record<string, { bytes: Uint8Array; contentType: string }> = {};
  for (const id of referencedFileIds(d)) {
    let blob = await fileBlob(id);
    if (!blob && navigator.onLine) {
      const res = await fetch(`/api/files/${id}`, { credentials: 'include' }).catch(() => null);
      blob = res?.ok ? await res.blob() : null;
    }
    if (blob) images[id] = { bytes: new Uint8Array(await blob.arrayBuffer()), contentType: blob.type };
  }
  const now = new Date();
  const overallStatus = evaluate(d, ranges, failedStep).overall;
  const bytes = await buildReportPdf({
    report: {
      siteName: d.siteName,
      propertyAddress: d.address,
      dwellingType: d.dwellingType,
      hiuModel: d.hiuModel,
      hiuSerial: d.hiuSerial,
      engineerName: d.engineerName,
      startTime: d.startTime,
      completedAt: now.toISOString(),
      overallStatus,
    },
    wizardData: d,
    ranges,
    notes: state.notes,
    failedStep,
    failureReasons: state.failureReasons,
    images,
  });
  saveBlob(
    new Blob([bytes as BlobPart], { type: 'application/pdf' }),
    reportPdfFilename({
      siteName: d.siteName,
      propertyAddress: d.address,
      hiuSerial: d.hiuSerial,
      completedAt: now,
      overallStatus,
    }),
  );
}
