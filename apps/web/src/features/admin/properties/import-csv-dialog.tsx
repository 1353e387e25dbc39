import { useId, useState } from 'react';
import { z } from 'zod';
import {
  MAX_PROPERTY_IMPORT_ROWS,
  MAX_SITE_BULK_BYTES,
  parsePropertyImport,
  PROPERTY_IMPORT_TEXT,
  type PropertyImportRow,
  type Site,
} from '@hiu/domain';
import { FormDialog, FormField, useSchemaForm } from '../../../components/form';
import { Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useImportProperties } from '../api/properties';
import { IssueList, type ListedIssue } from '../components/issue-list';

const importForm = z.object({ csv: z.string().trim().min(1, PROPERTY_IMPORT_TEXT.pasteData) });

/**
 * The server's refusal as lines to fix: the engineers it does not know named once, with what to do; every other
 * problem on its line ("properties.3.address" is the fourth row sent).
 */
function serverIssues(error: ApiError, rows: PropertyImportRow[], site: Site): ListedIssue[] {
  const unknown = new Set<string>();
  const issues: ListedIssue[] = [];
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const [, index, field] = /^properties\.(\d+)\.(\w+)/.exec(path) ?? [];
    const row = index === undefined ? undefined : rows[Number(index)];
    if (row?.assignedTo && field === 'assignedTo') unknown.add(row.assignedTo);
    else
      issues.push({
        where: row ? `Line ${row.line}` : 'Import',
        message: row ? PROPERTY_IMPORT_TEXT.invalidLine(`${row.address},${row.propertyType}`) : message,
        detail: row ? message : undefined,
        severity: 'error',
      });
  }
  if (unknown.size)
    issues.unshift({
      where: 'Engineers',
      message: PROPERTY_IMPORT_TEXT.unknownEngineers([...unknown], site.name),
      severity: 'error',
    });
  if (!issues.length) issues.push({ where: 'Import', message: error.userMessage, severity: 'error' });
  return issues;
}

/**
 * Import CSV (docs/product.md#assignment): "address,type" lines pasted or read from a file, checked with a real
 * CSV parser; any bad line imports nothing, and each says what to change.
 */
export default function ImportCsvDialog({
  site,
  open,
  onOpenChange,
}: {
  site: Site;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useSchemaForm(importForm, { csv: '' });
  const [issues, setIssues] = useState<ListedIssue[]>([]);
  const [fileNote, setFileNote] = useState<string>();
  const fileId = useId();
  const importing = useImportProperties();

  // Closed, the dialog is not drawn (`lazyDialog`): the next import starts with an empty box.
  const close = () => onOpenChange(false);

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setIssues([]);
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      input.value = '';
      return setFileNote(`${file.name} is not a CSV file: save the spreadsheet as CSV first, then choose it.`);
    }
    if (file.size > MAX_SITE_BULK_BYTES) {
      input.value = '';
      return setFileNote(
        `${file.name} is larger than ${MAX_SITE_BULK_BYTES / 1024 / 1024} MB: split it into smaller files.`,
      );
    }
    try {
      form.setValue('csv', await file.text(), { shouldValidate: form.formState.isSubmitted });
      setFileNote(`${file.name} is read into the box above: check it, then Import.`);
    } catch {
      setFileNote(`${file.name} could not be read: choose it again, or paste its lines.`);
    }
  };

  const submit = async ({ csv }: { csv: string }) => {
    setIssues([]);
    const parsed = parsePropertyImport(csv, site.availableBuildingTypes);
    if (parsed.errors.length > 0) {
      setIssues(
        parsed.errors.map((e) => ({
          where: `Line ${e.line}`,
          message: e.message,
          detail: e.reason,
          severity: 'error',
        })),
      );
      const more = parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more bad lines)` : '';
      notify.error('CSV Parse Error', `${parsed.errors[0]!.message}${more}`);
      return;
    }
    if (parsed.rows.length === 0) {
      form.setError('csv', { type: 'validate', message: PROPERTY_IMPORT_TEXT.noValid }, { shouldFocus: true });
      notify.error('Error', PROPERTY_IMPORT_TEXT.noValid);
      return;
    }
    if (parsed.rows.length > MAX_PROPERTY_IMPORT_ROWS) {
      const message = `At most ${MAX_PROPERTY_IMPORT_ROWS} properties can be imported at a time: split the file and import each part.`;
      form.setError('root.server', { type: 'validate', message });
      notify.error('Import failed', message);
      return;
    }
    try {
      const { count } = await importing.mutateAsync({
        siteId: site.id,
        properties: parsed.rows.map((r) => ({
          address: r.address,
          propertyType: r.propertyType,
          ...(r.assignedTo ? { assignedTo: r.assignedTo } : {}),
          ...(r.block ? { block: r.block } : {}),
          ...(r.floor ? { floor: r.floor } : {}),
        })),
      });
      notify.success('Import successful', `${count} properties imported to ${site.name}`);
      close();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setIssues(serverIssues(e, parsed.rows, site));
      notify.error('Import failed', PROPERTY_IMPORT_TEXT.refused);
    }
  };

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Import CSV"
      description={`Add properties to ${site.name} (${site.location}).`}
      submitLabel="Import"
      pendingLabel="Importing..."
      onInvalid={(message) => notify.error('Error', message)}
      onSubmit={submit}
    >
      <FormField
        name="csv"
        label="CSV data"
        hint={`One property per line: address, type, and optionally the email of the engineer it is assigned to, its block and its floor. Put an address that contains commas in double quotes. A first line naming the columns ("address,type,assigned to,block,floor", in any order) is optional. Types for this site: ${site.availableBuildingTypes.join(', ') || 'none'}. If any line is wrong, nothing is imported.`}
      >
        <Textarea
          rows={8}
          placeholder={
            'address,type,assigned to\n"Flat 1, Riverside Court",1b2p,erin@example.com\nFlat 2 Riverside Court,2b4p'
          }
          spellCheck={false}
          className="font-mono text-sm"
        />
      </FormField>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-semibold text-slate-800">
          Or choose a CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={fileNote ? `${fileId}-note` : undefined}
          onChange={(e) => void choose(e.currentTarget)}
          className="block min-h-12 w-full rounded-lg border border-slate-300 bg-white p-2 text-base file:mr-3 file:min-h-10 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
        />
        {fileNote ? (
          <p id={`${fileId}-note`} role="status" className="text-sm text-slate-700">
            {fileNote}
          </p>
        ) : null}
      </div>
      {issues.length > 0 ? (
        <div role="alert">
          <p className="text-sm font-medium text-fail">
            {issues.length === 1 ? '1 problem to fix' : `${issues.length} problems to fix`}. Nothing was imported.
          </p>
          <IssueList label="Lines to fix" issues={issues} />
        </div>
      ) : null}
    </FormDialog>
  );
}
