import { pwaInfo } from 'virtual:pwa-info';
import { whenIdle } from '../lib/when-idle';

/** How long after the page first goes idle the first screen is taken to have settled. */
export const MANIFEST_DELAY_MS = 3000;

/**
 * Links the web app manifest once the first screen has settled (decision 105). A manifest makes Chromium
 * check that the app can be installed (fetching its icon) and animate its install offer, which kept the
 * browser's own threads busy while the first screen started. The app is installable a few seconds later.
 */
export function linkManifestWhenSettled(): void {
  if (!pwaInfo || document.querySelector('link[rel="manifest"]')) return;
  const { href, useCredentials } = pwaInfo.webManifest;
  whenIdle(() =>
    setTimeout(() => {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = href;
      if (useCredentials) link.crossOrigin = 'use-credentials';
      document.head.append(link);
    }, MANIFEST_DELAY_MS),
  );
}
