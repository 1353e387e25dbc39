import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { alreadyLoaded, chunkGraph } from './build/loaded-chunks';
import { loadedWithArea } from './build/static-imports';
import { precompress } from './build/precompress';
import { prerenderShells } from './build/prerender-shells';

// What a check needs offline: who is signed in, the sites (and their last-seen progress), properties and design
// parameters, drafts.
const offlineData = /^\/api\/(auth\/me|sites(\/[0-9a-f-]{36}(\/progress)?)?|properties|drafts)(\?.*)?$/;

// Dialogs, the paste rules and the offline copy of field data load when first used, not with the screen; tabs
// and the office page frame come with the office screens that draw them.
const sharedUi = /src[\\/](lib|components[\\/]ui)[\\/](?!.*(dialog-content|pasted-number|offline-cache)|tabs\.|page\.)/;

/** The check's data layer, as home and the check load it (their provider imports it). */
const checkDataLayer = loadedWithArea({
  entry: `${import.meta.dirname}/src/main.tsx`,
  root: `${import.meta.dirname}/src/features/check/state/wizard-provider.tsx`,
  // The web app's own modules: the rule book and other domain code stay in the chunks their users share.
  scope: /apps[\\/]web[\\/]src[\\/]/,
});

export default defineConfig({
  // The stored-copy checker (features/check/state/copy-check.worker.ts) is a module worker.
  worker: { format: 'es' },
  resolve: {
    alias: [
      // wouter imports the shim for React before 18; React 19 has the hook, and the shim's fallback is dead code.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: `${import.meta.dirname}/src/lib/use-sync-external-store-shim.ts`,
      },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // An update is offered, never forced in the middle of a check.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon-32.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'HIU Commissioning',
        short_name: 'HIU Check',
        description: 'Commission heat interface units on site, with or without signal.',
        theme_color: '#0f3b5f',
        background_color: '#f3f5f8',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Shows push notifications and opens what they are about (docs/product.md#push-notifications).
        importScripts: ['/push-handler.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The PDF code is precached too (in the background, after first load): it must work offline.
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              url.origin === self.location.origin &&
              offlineData.test(url.pathname + url.search),
            handler: 'NetworkFirst',
            options: { cacheName: 'check-data', networkTimeoutSeconds: 5, expiration: { maxEntries: 500 } },
          },
          {
            urlPattern: ({ url }) => url.origin === self.location.origin && /\/assets\/.*\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lazy-chunks', expiration: { maxEntries: 50 } },
          },
          {
            // The barcode decoder for phones without a built-in one: kept after the first scan, for offline use.
            urlPattern: ({ url }) => url.origin === self.location.origin && /\/assets\/.*\.wasm$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'scanner-wasm', expiration: { maxEntries: 2 } },
          },
        ],
      },
    }),
    chunkGraph(),
    prerenderShells(),
    precompress(),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    target: 'es2022',
    // Maps are written for debugging but not named in each chunk, whose download that comment only lengthens.
    sourcemap: 'hidden',
    manifest: true,
    modulePreload: {
      // A dynamic import runs only once the chunk making it, its static imports and the entry's have loaded:
      // naming them again in the import's preload list only adds bytes to that chunk.
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== 'js') return deps;
        const loaded = alreadyLoaded(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
    rolldownOptions: {
      output: {
        // Every first route needs React, the router, TanStack Query, the small shared UI and the entry (the app's
        // frame, which main.tsx brings with it): one chunk, which gzip packs as one stream, so each route downloads
        // about 1.5 KB less than as three, and one request (docs/product.md#speed-and-size).
        codeSplitting: {
          groups: [
            {
              name: 'app',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack)[\\/]/.test(id) ||
                sharedUi.test(id) ||
                /src[\\/]main\.tsx$/.test(id),
            },
            // The device database's names and the check's store travel with idb, which every reader of that
            // database loads anyway: one request when the check's store first opens (after the first screen).
            {
              name: 'device-db',
              test: /node_modules[\\/]idb[\\/]|src[\\/]features[\\/]check[\\/]state[\\/]device-(db|store)\./,
            },
            // Home and the check share one copy of the check in progress: its data layer is one chunk, whatever the
            // code it fetches on demand (sending, a report, new photos, a resumed draft) imports of it. Listed after
            // the shared UI and the device database, which keep their chunks.
            {
              name: (id, ctx) => (checkDataLayer(id, ctx) ? 'wizard-provider' : null),
              test: /apps[\\/]web[\\/]src[\\/]/,
              // Only these modules: what they import that other screens load too stays in their chunks.
              includeDependenciesRecursively: false,
            },
            // Small domain modules home and the check load at start, kept in one chunk each: the office forms' lazy
            // chunks reach some of them through the API schemas, which would otherwise split them into more requests.
            {
              name: 'blank-check',
              test: /packages[\\/]domain[\\/]src[\\/](ids|schemas[\\/](blank-wizard-data|empty-wizard-data|file-refs)|drafts[\\/]draft-version)\./,
              includeDependenciesRecursively: false,
            },
            // The set-point rules join the pack's rules, which call them: in two chunks each would import the other,
            // and a screen that loaded the pack's rules first would run the ranges before the defaults they read. A
            // flat's ranges and what is out of them come too: every screen that judges a reading reads them.
            {
              name: 'pack-rules',
              test: /packages[\\/]domain[\\/]src[\\/](packs[\\/](answer-rules|pack-rules|set-point-rules|cp1-ts1|cp1-ts1-v3|registry|test-pack-types|test-packs)|schemas[\\/]design-(defaults|ranges)|rules[\\/](catalogue|ranges|out-of-range|read-measurement))\./,
              includeDependenciesRecursively: false,
            },
            // Judging a whole check (what each step still needs, contradictions, radiators, room readings): every
            // step loads all of it beside the pack's rules, as one chunk rather than seven small ones, which gzip worse
            // apart. The Failed page and the reports table read none of it (numbers and 45 s stay out), and what a
            // reviewer marked comes only with a flat sent back.
            {
              name: 'judging',
              test: /packages[\\/]domain[\\/]src[\\/](rules[\\/](evaluate|contradictions|radiators-not-applicable|energy-plausible|radiators|rooms-by-type)|packs[\\/]room-readings)\./,
              includeDependenciesRecursively: false,
            },
            {
              name: 'property-status-badge',
              test: /packages[\\/]domain[\\/]src[\\/]format[\\/]property-status\.|src[\\/]components[\\/]property-status-badge\./,
              includeDependenciesRecursively: false,
            },
            // The office frame draws its sections as tabs: one request for both.
            { name: 'admin-layout', test: /src[\\/]components[\\/](admin-layout|ui[\\/]tabs)\./ },
          ],
        },
      },
    },
  },
});
