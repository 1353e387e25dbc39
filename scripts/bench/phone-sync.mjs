/* global indexedDB */
// A phone that holds a block (docs/benchmarks.md): an engineer with 1,000 flats assigned opens home on a phone
// throttled as Lighthouse's mobile profile does (slow 4G: 562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up;
// CPU 4x slower), and the phone keeps its copy of what they work from. Measured: how long the first sync takes
// from the page's start until the copy is stored, what the device then holds, and what a later sync (the copy
// aged past a full refresh; then one flat changed) sends over the network.
//   npm run build && npm run bench:sync [-- --flats=1000] [-- --runs=3] [-- --port=3621]
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './browser-lib.mjs';
import { median, recordFigure } from './results.mjs';
import { seedBasics, startApp } from './start-app.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (name, dflt) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const FLATS = Number(arg('flats', 1000));
const RUNS = Number(arg('runs', 3));
const PORT = Number(arg('port', 3621));
// Lighthouse's mobile throttling (its constants: 150 ms RTT x 3.75, 1.6 Mbit/s x 0.9, 750 kbit/s x 0.9).
const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const TARGET_SECONDS = 10;
const TARGET_MB = 5;

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
  throw new Error('Build the web app first: npm run build');

const app = await startApp({ port: PORT });
try {
  const seed = await seedBasics(app.url);
  const call = async (method, p, body, cookie) => {
    const res = await fetch(app.url + p, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  const me = await call('GET', '/api/auth/me', undefined, seed.engineerCookie);
  await call('PUT', `/api/sites/${seed.siteId}/members/${me.id ?? me.user?.id}`, undefined, seed.adminCookie);
  // The block, imported as an office would, every flat assigned to the engineer.
  for (let from = 1; from <= FLATS; from += 500)
    await call(
      'POST',
      '/api/properties/bulk',
      {
        siteId: seed.siteId,
        properties: Array.from({ length: Math.min(500, FLATS - from + 1) }, (_, i) => ({
          address: `Flat ${from + i}, Tower ${from + i <= FLATS / 2 ? 'A' : 'B'}`,
          propertyType: '2b4p',
          block: from + i <= FLATS / 2 ? 'A' : 'B',
          floor: String(Math.floor((from + i - 1) / 40)),
          assignedTo: 'eng@example.com',
        })),
      },
      seed.adminCookie,
    );
  const assigned = await call('GET', '/api/me/assignments', undefined, seed.engineerCookie);
  console.log(`${assigned.length} flats assigned to the engineer on the embedded database`);

  const browser = await launchChromium();
  const results = [];
  try {
    for (let run = 0; run < RUNS; run++) results.push(await oneRun(browser, seed, run));
  } finally {
    await browser.close();
  }

  const m = (f) => median(results.map(f));
  console.log(`\nPhone sync of ${FLATS} assigned flats, slow 4G and 4x CPU, median of ${RUNS}:`);
  for (const r of results)
    console.log(
      `  run: first sync ${(r.firstMs / 1000).toFixed(2)} s, ${(r.firstBytes / 1024).toFixed(0)} KB over ${r.firstRequests} API requests; device ${(r.usage / 1024 / 1024).toFixed(2)} MB (IndexedDB ${(r.indexedDb / 1024 / 1024).toFixed(2)} MB); later sync ${(r.laterBytes / 1024).toFixed(1)} KB (${r.later304} of ${r.laterRequests} answered 304) in ${(r.laterMs / 1000).toFixed(2)} s; after one flat changed ${(r.changedBytes / 1024).toFixed(1)} KB (${r.changed200} with a body)`,
    );
  const first = m((r) => r.firstMs) / 1000;
  recordFigure({
    bench: 'sync',
    name: `first sync of ${FLATS} flats on slow 4G`,
    value: first,
    unit: 's',
    target: `<= ${TARGET_SECONDS} s`,
    pass: first <= TARGET_SECONDS,
  });
  const mb = m((r) => r.usage) / 1024 / 1024;
  recordFigure({
    bench: 'sync',
    name: 'kept on the device (everything the origin stores)',
    value: mb,
    unit: 'MB',
    target: `<= ${TARGET_MB} MB`,
    pass: mb <= TARGET_MB,
  });
  recordFigure({
    bench: 'sync',
    name: 'later sync, nothing changed',
    value: m((r) => r.laterBytes) / 1024,
    unit: 'KB',
  });
  recordFigure({
    bench: 'sync',
    name: 'later sync, one flat changed',
    value: m((r) => r.changedBytes) / 1024,
    unit: 'KB',
  });
} finally {
  await app.stop();
}

async function oneRun(browser, seed, run) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const [name, value] = seed.engineerCookie.split('=');
  await context.addCookies([{ name, value, url: app.url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // Bytes as they crossed the network, per API request, and each answer's status.
  const api = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (new URL(e.response.url).pathname.startsWith('/api/'))
      api.set(e.requestId, { url: e.response.url, status: e.response.status, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = api.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const syncOf = () => [...api.values()].filter((r) => !/\/api\/auth\//.test(r.url));

  const started = Date.now();
  await page.goto(app.url + '/', { waitUntil: 'commit' });
  await waitForCopy(page, undefined);
  const firstMs = Date.now() - started;
  const first = syncOf();
  const estimate = await page.evaluate(() => navigator.storage.estimate());

  // A later sync: the copy is made older than a full refresh, as if the engineer came back later.
  let aged = await ageCopy(page);
  api.clear();
  const laterStart = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await waitForCopy(page, aged);
  const laterMs = Date.now() - laterStart;
  const later = syncOf();

  // One flat changes in the office; the next sync brings back that flat's page only.
  const flats = await (
    await fetch(`${app.url}/api/properties?siteId=${seed.siteId}&limit=1&offset=${300 + run}`, {
      headers: { cookie: seed.adminCookie },
    })
  ).json();
  const res = await fetch(`${app.url}/api/properties/${flats.items[0].id}`, {
    method: 'PATCH',
    headers: { cookie: seed.adminCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ address: `${flats.items[0].address} (run ${run})` }),
  });
  if (!res.ok) throw new Error(`PATCH property: ${res.status}`);
  aged = await ageCopy(page);
  api.clear();
  await page.reload({ waitUntil: 'commit' });
  await waitForCopy(page, aged);
  const changed = syncOf();
  await context.close();

  const sum = (list) => list.reduce((a, r) => a + r.bytes, 0);
  if (process.env.BENCH_VERBOSE)
    for (const [label, list] of [
      ['first', first],
      ['later', later],
      ['changed', changed],
    ])
      for (const r of list)
        console.log(`  ${label} ${r.status} ${(r.bytes / 1024).toFixed(1)} KB ${r.url.replace(app.url, '')}`);
  return {
    firstMs,
    firstBytes: sum(first),
    firstRequests: first.length,
    usage: estimate.usage,
    indexedDb: estimate.usageDetails?.indexedDB ?? NaN,
    laterMs,
    laterBytes: sum(later),
    laterRequests: later.length,
    later304: later.filter((r) => r.status === 304).length,
    changedBytes: sum(changed),
    changed200: changed.filter((r) => r.status === 200).length,
  };
}

/** Waits until the phone's copy is stored with every assigned flat, newer than `after`; returns its time. */
async function waitForCopy(page, after) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const saved = await page
      .evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('hiu-field-cache');
            open.onupgradeneeded = () => open.transaction.abort();
            open.onerror = () => resolve(null);
            open.onsuccess = () => {
              const db = open.result;
              try {
                const all = db.transaction('snapshots').objectStore('snapshots').getAll();
                all.onsuccess = () => {
                  const s = all.result[0];
                  db.close();
                  resolve(s ? { savedAt: s.savedAt, flats: s.assignments?.length ?? 0 } : null);
                };
                all.onerror = () => resolve(null);
              } catch {
                db.close();
                resolve(null);
              }
            };
          }),
      )
      .catch(() => null);
    if (saved && saved.flats >= FLATS && saved.savedAt !== after) return saved.savedAt;
    if (Date.now() > deadline) throw new Error('The phone did not store its copy within 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes the stored copy an hour old, so the next sync is a full one (as it would be after five minutes). */
async function ageCopy(page) {
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  await page.evaluate(
    (hourAgo) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('hiu-field-cache');
        open.onsuccess = () => {
          const tx = open.result.transaction('snapshots', 'readwrite');
          const store = tx.objectStore('snapshots');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const s of all.result) store.put({ ...s, savedAt: hourAgo, fullAt: hourAgo });
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    hourAgo,
  );
  return hourAgo;
}
