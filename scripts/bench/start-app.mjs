// Starts the built app on a port with a throwaway database, for benchmarks. Returns { url, stop }.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function startApp({ port, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hiu-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  // Up to 3 minutes: on a busy shared machine opening the embedded database alone can take a minute.
  let up = false;
  for (let i = 0; i < 360 && !up; i++) {
    try {
      up = (await fetch(`${url}/api/health`)).ok;
    } catch {
      /* not up yet */
    }
    if (!up) await new Promise((r) => setTimeout(r, 500));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`the app did not answer on ${url} within 3 minutes`);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates the first admin, an engineer, a site and a property; returns cookies and ids. */
export async function seedBasics(url) {
  const post = async (p, body, cookie) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return { json: await res.json(), cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
  };
  const admin = await post('/api/auth/setup', { email: 'admin@example.com', name: 'Admin', password: 'password123' });
  await post(
    '/api/users',
    { email: 'eng@example.com', name: 'Eng', password: 'password123', role: 'engineer' },
    admin.cookie,
  );
  const eng = await post('/api/auth/login', { email: 'eng@example.com', password: 'password123' });
  const site = await post('/api/sites', { name: 'Bench Court', location: 'Leeds' }, admin.cookie);
  await post(
    '/api/properties',
    { siteId: site.json.id, address: 'Flat 1, Bench Court', propertyType: '1b2p' },
    admin.cookie,
  );
  const props = await fetch(`${url}/api/properties?siteId=${site.json.id}`, { headers: { cookie: eng.cookie } }).then(
    (r) => r.json(),
  );
  const propertyId = (props.items ?? props)[0].id;
  return { adminCookie: admin.cookie, engineerCookie: eng.cookie, siteId: site.json.id, propertyId };
}
