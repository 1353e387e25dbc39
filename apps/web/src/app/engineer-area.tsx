import { useEffect, type ReactNode } from 'react';
import { RequireAuth } from '../features/auth/require-auth';
import { WizardProvider } from '../features/check/state/wizard-provider';
import { requestPersistentStorage } from './persistent-storage';
import { RouteShell } from './shell/route-shell';

/** Home and the wizard share the check in progress (the Unsaved Work banner reads it on home). */
export default function EngineerArea({ children }: { children: ReactNode }) {
  useEffect(() => {
    void requestPersistentStorage();
  }, []);
  return (
    <RequireAuth fallback={<RouteShell />}>
      <WizardProvider>{children}</WizardProvider>
    </RequireAuth>
  );
}
