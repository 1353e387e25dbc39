import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { WizardProvider } from '../features/check/state/wizard-provider';
import { requestPersistentStorage } from './persistent-storage';
import { RouteShell } from './shell/route-shell';

/** Home and the wizard share the check in progress (the Unsaved Work banner reads it on home). */
export default function EngineerArea() {
  useEffect(() => {
    void requestPersistentStorage();
  }, []);
  return (
    <RequireAuth fallback={<RouteShell />}>
      <WizardProvider>
        <Outlet />
      </WizardProvider>
    </RequireAuth>
  );
}
