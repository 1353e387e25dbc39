import { useState } from 'react';
import {
  MAX_PROPERTY_IMPORT_ROWS,
  parsePropertyImport,
  PROPERTY_IMPORT_TEXT,
  type PropertyImportRow,
  type Site,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useImportProperties } from '../api/properties';
import { IssueList, type ListedIssue } from '../components/issue-list';

/** Server field paths look like "properties.3.address": map the item back to its pasted line. */
function serverIssues(error: ApiError, rows: PropertyImportRow[]): ListedIssue[] {
  return Object.entries(error.fieldErrors).map(([path, message]) => {
    const index = Number(/^properties\.(\d+)\./.exec(path)?.[1]);
    const row = Number.isInteger(index) ? rows[index] : undefined;
    return {
      where: row ? `Line ${row.line}` : 'Import',
      message: row ? PROPERTY_IMPORT_TEXT.invalidLine(`${row.address},${row.propertyType}`) : message,
      detail: row ? message : undefined,
      severity: 'error' as const,
    };
  });
}

/** Import CSV: pasted "address,type" lines, checked with a real CSV parser; any bad line imports nothing. */
export function ImportCsvDialog({ site, open, onClose }: { site: Site; open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [issues, setIssues] = useState<ListedIssue[]>([]);
  const importing = useImportProperties();

  const close = () => {
    setText('');
    setIssues([]);
    importing.reset();
    onClose();
  };

  const submit = () => {
    setIssues([]);
    if (!text.trim()) {
      notify.error('Error', PROPERTY_IMPORT_TEXT.pasteData);
      return;
    }
    const parsed = parsePropertyImport(text, site.availableBuildingTypes);
    if (parsed.errors.length > 0) {
      setIssues(
        parsed.errors.map((e) => ({
          where: `Line ${e.line}`,
          message: e.message,
          detail: e.reason,
          severity: 'error' as const,
        })),
      );
      const more = parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more bad lines)` : '';
      notify.error('CSV Parse Error', `${parsed.errors[0]!.message}${more}`);
      return;
    }
    if (parsed.rows.length === 0) {
      notify.error('Error', PROPERTY_IMPORT_TEXT.noValid);
      return;
    }
    if (parsed.rows.length > MAX_PROPERTY_IMPORT_ROWS) {
      notify.error('Import failed', `At most ${MAX_PROPERTY_IMPORT_ROWS} properties can be imported at a time.`);
      return;
    }
    importing.mutate(
      {
        siteId: site.id,
        properties: parsed.rows.map((r) => ({
          address: r.address,
          propertyType: r.propertyType,
          ...(r.assignedTo ? { assignedTo: r.assignedTo } : {}),
          ...(r.block ? { block: r.block } : {}),
          ...(r.floor ? { floor: r.floor } : {}),
        })),
      },
      {
        onSuccess: ({ count }) => {
          notify.success('Import successful', `${count} properties imported to ${site.name}`);
          close();
        },
        onError: (e) => {
          if (e instanceof ApiError) setIssues(serverIssues(e, parsed.rows));
          notify.error('Import failed', 'Please check your CSV format and try again');
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Import CSV"
      description={`Add properties to ${site.name} (${site.location}).`}
      className="sm:w-[40rem]"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={importing.isPending}>
            {importing.isPending ? 'Importing...' : 'Import'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Field
          label="CSV data"
          hint={`One property per line: address, type, and optionally the email of the engineer it is assigned to, its block and its floor. Put an address that contains commas in double quotes. A first line naming the columns ("address,type,assigned to,block,floor", in any order) is optional. Types for this site: ${site.availableBuildingTypes.join(', ') || 'none'}. If any line is wrong, nothing is imported.`}
        >
          <Textarea
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={
              'address,type,assigned to\n"Flat 1, Riverside Court",1b2p,erin@example.com\nFlat 2 Riverside Court,2b4p'
            }
            spellCheck={false}
            className="font-mono text-sm"
          />
        </Field>
        {issues.length > 0 ? (
          <div role="alert">
            <p className="text-sm font-medium text-fail">
              {issues.length === 1 ? '1 line needs fixing' : `${issues.length} lines need fixing`}. Nothing was
              imported.
            </p>
            <IssueList label="Lines to fix" issues={issues} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
