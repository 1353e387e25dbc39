import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/**
 * How the built web app is sent (issue 7): each screen's first paint (its shell) for the visitor who will
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
/** The text inside #root: what is painted before any script runs. */
const firstPaint = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

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
    expect(home).toContain('<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="use-credentials">');
    expect(home).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/home-page-[^"]+\.js">/);
    const dhw = firstPaint(await page('/check/dhw', session));
    expect(dhw).toMatch(/<h1[^>]*>DHW Checks<\/h1>/);
    expect(dhw).toContain('Step 6 of 8');
    // Without a session the app will send the visitor to sign-in: nothing is drawn that would flash.
    expect(firstPaint(await page('/'))).toBe('');
    expect(firstPaint(await page('/check/dhw'))).toBe('');
    // Screens without a shell, and unknown paths, get the plain page.
    expect(firstPaint(await page('/admin/sites', session))).toBe('');
    expect(firstPaint(await page('/check/nowhere', session))).toBe('');
  });

  it('every shell is index.html plus its first paint and preloads: no inline script', async () => {
    const shells = JSON.parse(fs.readFileSync(path.join(dist, 'shells', 'index.json'), 'utf8')) as {
      file: string;
    }[];
    expect(shells.length).toBe(10);
    for (const { file } of shells) {
      const html = fs.readFileSync(path.join(dist, 'shells', file), 'utf8');
      for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        expect(attrs, file).toMatch(/\ssrc="\/[^"]+"/);
        expect(body!.trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });

  it('sends brotli or gzip when the browser accepts it, and caches hashed assets for a year', async () => {
    const app = await webApp();
    const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(index)![1]!;
    const raw = fs.statSync(path.join(dist, entry)).size;
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
