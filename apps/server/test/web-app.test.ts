import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/**
 * How the built web app is sent (docs/product.md#speed-and-size): each screen's first paint (its shell) for the visitor who will
 * see that screen, compressed copies, and long caching only for hashed assets.
 */
const dist = path.resolve(import.meta.dirname, '../../web/dist');
const built = fs.existsSync(path.join(dist, 'shells', 'index.json'));

let web: FastifyInstance | undefined;
async function webApp() {
  if (web) return web;
  web = await buildApp({ ...loadConfig({}), webDist: dist, logLevel: 'silent' }, await t.database(), {
    logger: false,
  });
  await web.ready();
  return web;
}
afterAll(async () => web?.close());

const session = { cookie: 'hiu_session=anything' };
const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await (await webApp()).inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['cache-control'], url).toBe('no-cache');
  return res.body;
};
/** What a shell's loader fetches after the first paint. */
const bootData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="hiu-boot">([^<]*)<\/script>/.exec(html)![1]!) as {
    entry: string;
    preload: string[];
    me: boolean;
  };
/** The text inside #root: what is painted before any script runs. */
const firstPaint = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script[\s\S]*<\/script>\s*)?(?:<template[^>]*><\/template>\s*)?<\/body>/.exec(
    html,
  )?.[1] ?? '';

describe.runIf(built)('the built web app as sent', () => {
  it('sign-in arrives drawn, inert until the app takes over; not for a visitor who has a session', async () => {
    const signIn = firstPaint(await page('/sign-in?next=%2F'));
    expect(signIn).toContain('<div inert="">');
    expect(signIn).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    // HTML attribute names are case-insensitive; React writes autoComplete as it is spelled in JSX.
    expect(signIn).toMatch(/autocomplete="current-password"/i);
    expect(firstPaint(await page('/sign-in', session))).toBe('');
  });

  it('home and every wizard step arrive drawn only for a visitor with a session', async () => {
    const home = await page('/', session);
    expect(firstPaint(home)).toMatch(/<h1[^>]*>HIU Commissioning<\/h1>/);
    // What the loader starts after the paint: "who is signed in" and home's own code beside the entry.
    const boot = bootData(home);
    expect(boot.me).toBe(true);
    expect(boot.entry).toMatch(/^\/assets\/index-[^"]+\.js$/);
    expect(boot.preload.some((f) => /^\/assets\/home-page-[^/]+\.js$/.test(f))).toBe(true);
    expect(bootData(await page('/sign-in')).me).toBe(false);
    const dhw = firstPaint(await page('/check/dhw', session));
    expect(dhw).toMatch(/<h1[^>]*>DHW Checks<\/h1>/);
    expect(dhw).toContain('Step 6 of 8');
    // Without a session the visitor is going to sign-in: sign-in is drawn, and the app moves there.
    for (const path of ['/', '/check/dhw']) {
      const signedOut = await page(path);
      expect(firstPaint(signedOut)).toMatch(/<h1[^>]*>Sign in<\/h1>/);
      expect(bootData(signedOut)).toMatchObject({ me: false, path: '/sign-in' });
      expect(bootData(signedOut).preload.some((f: string) => /home-page|engineer-area/.test(f))).toBe(false);
    }
    // Screens without a shell, and unknown paths, get the plain page.
    expect(firstPaint(await page('/admin/sites', session))).toBe('');
    expect(firstPaint(await page('/check/nowhere', session))).toBe('');
  });

  it('every shell paints from its HTML alone; its one inline script is allowed by hash, nothing else inline', async () => {
    const { shells } = JSON.parse(fs.readFileSync(path.join(dist, 'shells', 'index.json'), 'utf8')) as {
      shells: { path: string; file: string; signedIn: boolean }[];
    };
    expect(shells.length).toBe(10);
    for (const shell of shells) {
      const res = await (
        await webApp()
      ).inject({
        method: 'GET',
        url: shell.path,
        headers: shell.signedIn ? session : {},
      });
      const html = res.body;
      // No stylesheet or script to fetch before the first paint (a disabled stylesheet link is never fetched).
      expect(html, shell.file).not.toMatch(
        /<link rel="stylesheet"(?![^>]*\sdisabled)|<link rel="modulepreload"|<script[^>]*\ssrc=/,
      );
      expect(html, shell.file).toMatch(/<style>[\s\S]*\.bg-brand-800/);
      // Nothing is painted until the whole shell is parsed and the loader has run: the element it waits for
      // comes after #root and after the loader.
      expect(html, shell.file).toContain('<link rel="expect" href="#hiu-shell-end" blocking="render">');
      expect(html.indexOf('id="hiu-shell-end"'), shell.file).toBeGreaterThan(html.indexOf('<div id="root">'));
      expect(html.indexOf('id="hiu-shell-end"'), shell.file).toBeGreaterThan(html.lastIndexOf('</script>'));
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attrs]) => !/type="application\/json"/.test(attrs!),
      );
      expect(inline.length, shell.file).toBe(1);
      const hash = createHash('sha256').update(inline[0]![2]!).digest('base64');
      expect(scriptSrc, shell.file).toContain(`'sha256-${hash}'`);
      expect(html, shell.file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it("a screen's shell fetches that screen's own code with the rest, not after it (each step's page, IndexedDB's code)", async () => {
    const preloads = async (url: string) => {
      const html = await page(url, session);
      const boot = /<script type="application\/json" id="hiu-boot">([^<]*)<\/script>/.exec(html)![1]!;
      return (JSON.parse(boot) as { preload: string[] }).preload.map((file) => file.replace(/^\/assets\//, ''));
    };
    const home = await preloads('/');
    expect(home).toContainEqual(expect.stringMatching(/^unsaved-work-banner-/));
    expect(home).toContainEqual(expect.stringMatching(/^device-db-/));
    for (const slug of ['basic-info', 'initial-checks', 'standby-mode', 'radiators', 'heating', 'dhw']) {
      const step = await preloads(`/check/${slug}`);
      expect(step, slug).toContainEqual(expect.stringMatching(new RegExp(`^${slug}-step-`)));
      expect(step, slug).toContainEqual(expect.stringMatching(/^device-db-/));
    }
  });

  it('every page links the manifest from its HTML and no SVG icon; both are served (decisions 105, 125)', async () => {
    const pages = [
      await page('/sign-in'),
      await page('/', session),
      await page('/check/dhw', session),
      await page('/'),
    ];
    for (const html of pages) {
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(html).toContain('<link rel="icon" href="/icon-32.png" sizes="32x32" type="image/png"');
    }
    const app = await webApp();
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'HIU Commissioning', display: 'standalone' });
    const icon = await app.inject({ method: 'GET', url: '/icon-32.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('sends brotli or gzip when the browser accepts it, and caches hashed assets for a year', async () => {
    const app = await webApp();
    const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    // The largest script the first page loads (the entry itself may be a few hundred bytes that point at it).
    const scripts = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const sizes = scripts.map((s) => [s, fs.statSync(path.join(dist, s)).size] as const);
    const [entry, raw] = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(raw).toBeGreaterThan(10_000);
    const br = await app.inject({ method: 'GET', url: entry, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(raw / 2);
    const gz = await app.inject({ method: 'GET', url: entry, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: entry });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBe(raw);
    const html = await app.inject({ method: 'GET', url: '/sign-in', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['content-encoding']).toBe('br');
  });
});
