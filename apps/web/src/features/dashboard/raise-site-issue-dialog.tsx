import { useQueryClient } from '@tanstack/react-query';
import { ISSUE_OWNER_LABELS, ISSUE_OWNERS, siteIssueBody, type SiteIssue } from '@hiu/domain';
import { errorToasts, FormDateField, FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

import { siteIssuesKey as issuesKey } from './site-issues-key';

/** Raise an issue that applies to every flat of the site (docs/product.md#network-wide-issues). */
export default function RaiseSiteIssueDialog({
  siteId,
  open,
  onOpenChange,
}: {
  siteId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const form = useSchemaForm(siteIssueBody, { description: '', owner: 'client', due: '' });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Raise a network-wide issue"
      description="It applies to every flat of this site, and every report and evidence pack of the site lists it while open."
      submitLabel="Raise issue"
      {...errorToasts('Could not raise the issue')}
      onSubmit={async (body) => {
        await api.put<SiteIssue>(`/api/sites/${siteId}/issues/${crypto.randomUUID()}`, body);
        notify.success('Issue raised', body.description);
        form.reset();
        onOpenChange(false);
        await client.invalidateQueries({ queryKey: issuesKey(siteId) });
      }}
    >
      <FormField name="description" label="What is wrong" required>
        <Input maxLength={500} autoComplete="off" />
      </FormField>
      <FormField name="owner" label="Who must act" required>
        <Select>
          {ISSUE_OWNERS.map((o) => (
            <option key={o} value={o}>
              {ISSUE_OWNER_LABELS[o]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormDateField name="due" label="Due date" />
    </FormDialog>
  );
}
