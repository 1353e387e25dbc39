import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { useSignOut } from '../features/auth/sign-out';
import { currentSignOutWarnings } from './sign-out-warnings';

interface SignOutFlowProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
}

/**
 * What Sign out does once tapped (fetched on the tap, so no screen's start carries it): signs out at once,
 * or first asks when it costs something (work not yet sent, no connection to sign in again).
 */
export default function SignOutFlow({ onOpenChange, userId }: SignOutFlowProps) {
  const signOut = useSignOut();
  const [warnings, setWarnings] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    void currentSignOutWarnings(userId).then((found) => {
      if (!live) return;
      if (found.length === 0) signOut();
      else setWarnings(found);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per tap
  }, []);
  return (
    <ConfirmDialog
      open={warnings !== null}
      onOpenChange={onOpenChange}
      title="Sign out?"
      description={
        <div className="space-y-2">
          {warnings?.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      }
      confirmLabel="Sign out"
      cancelLabel="Stay signed in"
      onConfirm={() => {
        onOpenChange(false);
        signOut();
      }}
    />
  );
}
