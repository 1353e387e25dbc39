import { useQueryClient } from '@tanstack/react-query';
import { siteIssueResolveBody, type SiteIssue } from '@hiu/domain';
import { errorToasts, FormDialog, FormField, useSchemaForm } from '../../components/form';
import { Input } from '../../components/ui/input';
import { api } from '../../lib/api-client';
import { notify } from '../../lib/toast';

import { siteIssuesKey as issuesKey } from './site-issues-key';

/** Resolve an open network-wide issue, saying how it was put right: the dialog is the confirmation. */
export default function ResolveSiteIssueDialog({
  siteId,
  issue,
  open,
  onOpenChange,
}: {
  siteId: string;
  issue: SiteIssue;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const form = useSchemaForm(siteIssueResolveBody, { closingComment: '' });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Resolve the issue"
      description={`“${issue.description}”. Resolved issues stay listed with how and by whom.`}
      submitLabel="Resolve issue"
      {...errorToasts('Could not resolve the issue')}
      onRefused={() => client.invalidateQueries({ queryKey: issuesKey(siteId) })}
      onSubmit={async (body) => {
        await api.post<SiteIssue>(`/api/sites/${siteId}/issues/${issue.id}/resolution`, body);
        notify.success('Issue resolved', issue.description);
        form.reset();
        onOpenChange(false);
        await client.invalidateQueries({ queryKey: issuesKey(siteId) });
      }}
    >
      <FormField name="closingComment" label="How it was put right" required>
        <Input maxLength={500} autoComplete="off" />
      </FormField>
    </FormDialog>
  );
}
