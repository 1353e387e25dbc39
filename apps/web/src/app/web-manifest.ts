import { pwaInfo } from 'virtual:pwa-info';

/** How long after `load` the first screen is taken to have settled. */
export const MANIFEST_DELAY_MS = 3000;

/**
 * Links the web app manifest once the first screen has settled (decision 105). A manifest makes Chromium
 * check that the app can be installed (fetching its icon) and animate its install offer, which kept the
 * browser's own threads busy while the first screen started. The app is installable a few seconds later.
 */
export function linkManifestWhenSettled(): void {
  if (!pwaInfo || document.querySelector('link[rel="manifest"]')) return;
  const { href, useCredentials } = pwaInfo.webManifest;
  const link = () => {
    const el = document.createElement('link');
    el.rel = 'manifest';
    el.href = href;
    if (useCredentials) el.crossOrigin = 'use-credentials';
    document.head.append(el);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(link, { timeout: 2000 }) : setTimeout(link, 0);
  const afterLoad = () => setTimeout(whenIdle, MANIFEST_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
