import type { Plugin } from 'vite';

/**
 * Takes out the `<link rel="manifest">` that vite-plugin-pwa writes into index.html (and so into every
 * shell): the app adds it once the first screen has settled (src/app/web-manifest.ts, decision 105).
 */
export function manifestLinkFromApp(): Plugin {
  return {
    name: 'hiu-manifest-link-from-app',
    apply: 'build',
    // After vite-plugin-pwa's transform (also enforce and order 'post'), which is listed before this plugin.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/\s*<link rel="manifest"[^>]*>/, ''),
    },
  };
}
