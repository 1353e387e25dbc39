import { useId, useRef, useState } from 'react';
import { MAX_SITE_BULK_BYTES, SITE_BULK_COLUMNS, type SiteBulkResult } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import DialogContent from '../../../components/ui/dialog-content';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useBulkUpload } from '../api/sites';
import { IssueList } from '../components/issue-list';

const isCsv = (f: File) => /\.csv$/i.test(f.name);

/**
 * Bulk Upload CSV: one file of sites and properties; the server checks every row and creates all or nothing.
 * Loaded when first opened (`lazyDialog`), with the CSV columns' module.
 */
export default function BulkUploadDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<SiteBulkResult | null>(null);
  const upload = useBulkUpload();

  // Closed, the dialog is not drawn: the next upload starts clean, with no file or result.
  const close = () => onOpenChange(false);

  const choose = (f: File | undefined) => {
    setResult(null);
    setFailure(null);
    if (f && !isCsv(f)) {
      setFile(null);
      setFileError('Only .csv files can be uploaded. Save the spreadsheet as CSV first.');
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFileError(null);
    setFile(f ?? null);
  };

  const fail = (detail: string) => {
    setFailure(detail);
    notify.error('Upload Failed', 'Failed to process CSV file');
  };

  const submit = async () => {
    if (!file) {
      notify.error('No File Selected', 'Please select a CSV file to upload');
      return;
    }
    if (file.size > MAX_SITE_BULK_BYTES)
      return fail(`The file is larger than ${MAX_SITE_BULK_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
    setFailure(null);
    setResult(null);
    let text: string;
    try {
      text = await file.text();
    } catch {
      return fail('The file could not be read.');
    }
    upload.mutate(text, {
      onSuccess: (r) => {
        setResult(r);
        const { sitesCreated, propertiesCreated, totalErrors, totalWarnings } = r.summary;
        if (totalErrors > 0) {
          notify.error(
            'Upload Completed with Errors',
            `${totalErrors} errors, ${totalWarnings} warnings. Check details below.`,
          );
        } else {
          const warnings = totalWarnings > 0 ? ` with ${totalWarnings} warnings` : '';
          notify.success(
            'Upload Successful',
            `Created ${sitesCreated} sites and ${propertiesCreated} properties${warnings}`,
          );
        }
      },
      onError: (e) =>
        fail(
          e instanceof ApiError
            ? e.userMessage
            : 'The server could not be reached. Check the connection and try again.',
        ),
    });
  };

  const summary = result?.summary;
  return (
    <DialogContent
      open={open}
      onOpenChange={onOpenChange}
      title="Bulk Upload CSV"
      description="Create sites and their properties from a CSV file, one row per property."
      className="sm:w-[40rem]"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button onClick={() => void submit()} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="text-sm text-slate-700">
          <p>
            Columns: <code className="font-mono">{SITE_BULK_COLUMNS.join(', ')}</code>. Repeat the site name and
            location on each row. A row with no address and type creates the site alone. If any row has an error,
            nothing is created.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
            CSV file
          </label>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
            onChange={(e) => choose(e.target.files?.[0])}
            className="block min-h-12 w-full rounded-lg border border-slate-300 bg-white p-2 text-base file:mr-3 file:min-h-10 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
          />
          {fileError ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-fail">
              {fileError}
            </p>
          ) : file ? (
            <p className="text-sm text-slate-600">
              {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
            </p>
          ) : null}
        </div>

        {failure ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
            Upload failed: {failure}
          </p>
        ) : null}

        {summary ? (
          <section aria-labelledby={`${inputId}-summary`} className="rounded-lg border border-slate-200 p-3">
            <h3 id={`${inputId}-summary`} className="font-semibold">
              Upload summary
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt>Sites created</dt>
              <dd className="font-semibold tabular-nums">{summary.sitesCreated}</dd>
              <dt>Properties created</dt>
              <dd className="font-semibold tabular-nums">{summary.propertiesCreated}</dd>
              <dt>Errors</dt>
              <dd
                className={
                  summary.totalErrors > 0 ? 'font-semibold text-fail tabular-nums' : 'font-semibold tabular-nums'
                }
              >
                {summary.totalErrors}
              </dd>
              <dt>Warnings</dt>
              <dd className="font-semibold tabular-nums">{summary.totalWarnings}</dd>
            </dl>
            {summary.totalErrors > 0 ? (
              <p className="mt-2 text-sm font-medium text-fail">
                Nothing was created. Fix the errors and upload the file again.
              </p>
            ) : null}
            {result.errors.length > 0 ? (
              <IssueList
                label="Upload details"
                issues={result.errors.map((e) => ({
                  where: `Row ${e.row}${e.column ? `, ${e.column}` : ''}`,
                  message: e.message,
                  severity: e.severity,
                }))}
                total={summary.totalErrors + summary.totalWarnings}
              />
            ) : null}
          </section>
        ) : null}
      </div>
    </DialogContent>
  );
}
