import { showToast } from '../lib/toast';

/**
 * Registers the offline service worker; a new version is offered with a button, never forced mid-check. Its code
 * is fetched beside the first screen rather than before it: the worker registers once the page has loaded anyway.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  import('virtual:pwa-register')
    .then(({ registerSW }) => {
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
    })
    // Not fetched (the signal dropped on a first visit): the next visit registers it.
    .catch(() => undefined);
}
