import { registerSW } from 'virtual:pwa-register';
import { showToast } from '../lib/toast';

/** Registers the offline service worker; a new version is offered with a button, never forced mid-check. */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const update = registerSW({
    onNeedRefresh() {
      showToast((toast) =>
        toast('A new version of the app is ready', {
          description: 'Update when you are between checks. Nothing you have entered is lost.',
          duration: Infinity,
          action: { label: 'Update', onClick: () => void update(true) },
        }),
      );
    },
  });
}
