import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SignOffRequest } from '@hiu/domain';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';

/**
 * The office asks the site's clients and assessors to sign its handover (docs/product.md#evidence-pack): each is
 * told in the app, and by email and push where those are on. Asked after a confirmation, with an optional note.
 */
export function AskForSignOff({ siteId }: { siteId: string }) {
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const noteId = useId();
  const ask = useMutation({
    mutationFn: () => api.post<SignOffRequest>(`/api/sites/${siteId}/sign-off-requests`, { message }),
    onSuccess: ({ asked }) => {
      notify.success(`Asked ${asked} ${asked === 1 ? 'person' : 'people'} to sign`, 'They are told in the app');
      setMessage('');
    },
    onError: (e) => notify.error('Could not ask for the sign-off', e instanceof ApiError ? e.userMessage : String(e)),
    onSettled: () => setConfirming(false),
  });
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3">
      <label htmlFor={noteId} className="block font-semibold">
        Note for the signers (optional)
      </label>
      <textarea
        id={noteId}
        className="min-h-16 w-full rounded-md border border-slate-300 p-3 text-base"
        value={message}
        maxLength={2000}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Button variant="secondary" onClick={() => setConfirming(true)} disabled={ask.isPending}>
        Ask for sign-off
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Ask for the handover sign-off?"
        description="The site's clients and assessors are told that the handover waits for their signature."
        confirmLabel="Ask them"
        busy={ask.isPending}
        onConfirm={() => ask.mutate()}
      />
    </div>
  );
}
