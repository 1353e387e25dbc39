import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useStoreSnapshot } from '../../../lib/use-store-snapshot';
import { whenIdle } from '../../../lib/when-idle';
import { lazyDeviceStore } from './lazy-device-store';
import { browserStorage } from './local-cache';
import { browserTransport } from './transport';
import { startCode, WizardController } from './wizard-controller';
import { WizardContext, type WizardContextValue } from './wizard-context';

// The public face of the check's data layer (the one module other features may import).
export {
  useWizard,
  useOutbox,
  usePhotoUrl,
  useFileBlob,
  useReadingKeptCheck,
  useCheckNow,
  type WizardContextValue,
} from './wizard-context';
export { saveBadgeText, type SaveStatus } from './save-status';
export { hasUnsavedWork, type WizardState } from './wizard-state';
export { PhotoError } from './photo-error';
export type { OutboxItem, OutboxSnapshot, SaveResult, SentItem, StartInput, SubmitResult } from './wizard-controller';

let shared: WizardController | undefined;

/** Sends the outbox from one tab at a time where the browser offers Web Locks. */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('hiu-outbox', fn) : fn();
}

/** One controller per page: every provider (home, wizard) shares the same state, store and sync loop. */
function sharedController(queryClient: QueryClient): WizardController {
  if (!shared) {
    shared = new WizardController({
      store: lazyDeviceStore(),
      transport: browserTransport,
      storage: browserStorage(),
      notify,
      isOnline: () => navigator.onLine,
      // The photo reducer loads with step 7 (check-routes), not with every screen.
      compress: async (file) => (await import('./compress-image')).compressPhoto(file),
      // Sites, properties and the user through the query cache: loaded once, and there when offline.
      fetchJson: (path) => queryClient.fetchQuery({ queryKey: [path] }),
      // A report sent from the outbox changes My flats, drafts and My reports on the screen behind it.
      onReportSent: () =>
        void queryClient.invalidateQueries({
          predicate: (q) => /^\/api\/(me\/|drafts)/.test(String(q.queryKey[0])),
        }),
      exclusive,
    });
    shared.attach(window);
    // Home's Start opens a check: its code comes once the page is idle, so Start rarely waits for it.
    whenIdle(() => void startCode().catch(() => undefined));
  }
  return shared;
}

/**
 * Provides the check in progress to the screens. `controller` is for tests; the app shares one.
 * It must sit inside the QueryClientProvider and under a signed-in route.
 */
export function WizardProvider({ children, controller }: { children: ReactNode; controller?: WizardController }) {
  const queryClient = useQueryClient();
  const c = controller ?? sharedController(queryClient);
  const session = useSession();
  const user = session.user;

  // Restoring before the first paint (the local cache is synchronous) so a reload shows the data at once.
  if (!session.isLoading && c.userId !== (user?.id ?? null)) c.setUser(user);
  useEffect(() => {
    if (!session.isLoading) c.setUser(user);
  }, [c, user, session.isLoading]);

  // A change the engineer's own action made renders at once (a controlled field needs it); the rest in slices.
  const snap = useStoreSnapshot(c.subscribe, c.getSnapshot, c.isUrgent);
  const save = useStoreSnapshot(c.saveStatus.subscribe, c.saveStatus.snapshot, c.isUrgent);
  const value = useMemo<WizardContextValue>(
    () => ({
      state: snap.state,
      saveStatus: save.saveStatus,
      badgeVisible: save.badgeVisible,
      lingering: save.lingering,
      hydrated: snap.hydrated,
      storageWarning: snap.storageWarning,
      start: c.start,
      update: c.update,
      setCurrentStep: c.setCurrentStep,
      setNotes: c.setNotes,
      saveDraft: c.saveDraft,
      fail: c.fail,
      submit: c.submit,
      reset: c.reset,
      cancelCheck: c.cancelCheck,
      resumeDraft: c.resumeDraft,
      addPhoto: c.addPhoto,
      removePhoto: c.removePhoto,
      relabelPhoto: c.relabelPhoto,
      setSignature: c.setSignature,
      hasUnsavedWork: c.hasUnsavedWork,
    }),
    [c, snap, save],
  );
  const ctx = useMemo(() => ({ value, controller: c }), [value, c]);
  return <WizardContext.Provider value={ctx}>{children}</WizardContext.Provider>;
}
