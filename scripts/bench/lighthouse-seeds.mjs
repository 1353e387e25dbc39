// What the Lighthouse bench's pages need on the server, made through the API as the app makes it: one helper
// per need. `seedBasics` (start-app.mjs) has made the admin, the engineer, the site and its first flat.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'packages/report-pdf/test/fixtures');
const { passingCheck } = await tsImport('@hiu/domain/testing', import.meta.url);

/** A call to the app's API that must succeed; answers the JSON (or null) and the session cookie it set. */
export async function call(url, method, p, { body, cookie, type = 'application/json' } = {}) {
  const res = await fetch(url + p, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': type }), ...(cookie ? { cookie } : {}) },
    body: body === undefined || type !== 'application/json' ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return { json: text ? JSON.parse(text) : null, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

/** A signed-in user of `role`, member of the bench site: { id, cookie }. */
async function member(url, seed, email, role) {
  const user = await call(url, 'POST', '/api/users', {
    body: { email, name: email.split('@')[0], password: 'password123', role },
    cookie: seed.adminCookie,
  });
  await call(url, 'PUT', `/api/sites/${seed.siteId}/members/${user.json.id}`, { cookie: seed.adminCookie });
  const signedIn = await call(url, 'POST', '/api/auth/login', { body: { email, password: 'password123' } });
  return { id: user.json.id, cookie: signedIn.cookie };
}

/** More flats on the bench site; answers all of its flats. */
async function addFlats(url, seed, count) {
  const properties = Array.from({ length: count }, (_, i) => ({
    address: `Flat ${i + 2}, Bench Court`,
    propertyType: '1b2p',
  }));
  await call(url, 'POST', '/api/properties/bulk', {
    body: { siteId: seed.siteId, properties },
    cookie: seed.adminCookie,
  });
  const { json } = await call(url, 'GET', `/api/properties?siteId=${seed.siteId}&limit=200`, {
    cookie: seed.adminCookie,
  });
  return json.items ?? json;
}

/** The check's data for a flat, as the app would send it, started now (never before the site). */
const checkData = (seed, flat, files = {}) =>
  passingCheck({
    site: { id: seed.siteId, name: 'Bench Court' },
    propertyId: flat.id,
    address: flat.address,
    dwellingType: '1b2p',
    startTime: new Date().toISOString(),
    photoId: files.photoId ?? null,
    signatureId: files.signatureId ?? null,
  });

/** A report submitted by `who` for `flat`, with its photo and signature: answers its id. */
async function submitReport(url, seed, who, flat) {
  const photoId = randomUUID();
  const signatureId = randomUUID();
  const photo = fs.readFileSync(path.join(fixtures, 'photo.jpg'));
  const signature = fs.readFileSync(path.join(fixtures, 'signature.png'));
  await call(url, 'PUT', `/api/files/${photoId}?kind=photo`, { body: photo, type: 'image/jpeg', cookie: who.cookie });
  await call(url, 'PUT', `/api/files/${signatureId}?kind=signature`, {
    body: signature,
    type: 'image/png',
    cookie: who.cookie,
  });
  const id = randomUUID();
  await call(url, 'POST', '/api/reports', {
    body: {
      id,
      wizardData: checkData(seed, flat, { photoId, signatureId }),
      notes: '',
      completedAt: new Date().toISOString(),
    },
    cookie: who.cookie,
  });
  return id;
}

/**
 * Everything the pages need, once per bench run: the engineer a member of the site with a report submitted
 * (My reports), a second engineer with five assigned flats (My flats), a supervisor (the office screens, the
 * report awaiting review), and a way to keep a fresh draft of the first flat on the server (a kept check).
 */
export async function seedPages(url, seed) {
  const engineer = { cookie: seed.engineerCookie };
  const me = await call(url, 'GET', '/api/auth/me', { cookie: engineer.cookie });
  engineer.id = (me.json.user ?? me.json).id;
  await call(url, 'PUT', `/api/sites/${seed.siteId}/members/${engineer.id}`, { cookie: seed.adminCookie });
  const flats = await addFlats(url, seed, 6);
  const first = flats.find((f) => f.id === seed.propertyId);
  const others = flats.filter((f) => f.id !== seed.propertyId);
  const reportId = await submitReport(url, seed, engineer, others[0]);

  const assigned = await member(url, seed, 'flats@example.com', 'engineer');
  await call(url, 'POST', `/api/sites/${seed.siteId}/assignments`, {
    body: { engineerId: assigned.id, propertyIds: others.slice(1).map((f) => f.id) },
    cookie: seed.adminCookie,
  });
  const supervisor = await member(url, seed, 'office@example.com', 'supervisor');

  return {
    ...seed,
    reportId,
    assignedCookie: assigned.cookie,
    supervisorCookie: supervisor.cookie,
    firstFlat: first,
    /** A draft of the first flat saved from another phone, stopped before `currentStep`: answers its id. */
    async draft(currentStep = 'Standby Mode') {
      const id = randomUUID();
      await call(url, 'POST', '/api/drafts', {
        body: {
          id,
          siteId: seed.siteId,
          propertyId: first.id,
          currentStep,
          wizardData: checkData(seed, first),
          version: 1,
        },
        cookie: engineer.cookie,
      });
      return id;
    },
    dropDraft: (id) => fetch(`${url}/api/drafts/${id}`, { method: 'DELETE', headers: { cookie: engineer.cookie } }),
  };
}
