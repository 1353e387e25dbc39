import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** The signing secret, shown once: it is not shown again (rotate it to get a new one). */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Signing secret"
      footer={<Button onClick={onClose}>I have saved it</Button>}
    >
      <div className="flex flex-col gap-3">
        <p className="text-base">
          The receiver checks each delivery's <code>webhook-signature</code> with this secret (Standard Webhooks,
          HMAC-SHA256). <strong>It is shown only now.</strong>
        </p>
        <code
          className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm break-all"
          data-testid="webhook-secret"
        >
          {secret}
        </code>
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(secret ?? '').then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
      </div>
    </Dialog>
  );
}
