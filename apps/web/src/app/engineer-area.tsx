import { Outlet } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { WizardProvider } from '../features/check/state/wizard-provider';

/** Home and the wizard share the check in progress (the Unsaved Work banner reads it on home). */
export default function EngineerArea() {
  return (
    <RequireAuth>
      <WizardProvider>
        <Outlet />
      </WizardProvider>
    </RequireAuth>
  );
}
