import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultDesignParameters, isUuid } from '@hiu/domain';
import { useTestApp } from '../helpers/test-app.js';
import { passingCheck } from '@hiu/domain/testing';
import { hostileFixture, nextTransactionId, PNG, snapshot, type HostileFixture } from './helpers/fixture.js';
import {
  FUZZ_RUNS,
  FUZZ_SEED,
  hostileCsv,
  hostileId,
  hostileQuery,
  hostileValue,
  malformedJson,
  mutate,
  mutation,
  oddContentTypes,
  type Mutation,
} from './helpers/hostile.js';

const t = useTestApp();

/**
 * Property-based attack on every write route (POST/PATCH/PUT/DELETE in the route table) as an admin and
 * as an engineer, and on every GET route with hostile query strings. For each generated request: no 5xx,
 * an error answer is JSON in the API's shape, and a refused request leaves every table exactly as it was.
 */

interface WriteSpec {
  /** The route's path with `id` in place of its parameter. */
  path: (f: HostileFixture, id: string) => string;
  /** Real ids worth attacking besides generated ones (someone else's draft, file, report...). */
  ids?: (f: HostileFixture) => string[];
  /** A valid body (fresh each call), which the generators then break. */
  body?: (f: HostileFixture, id: string) => unknown;
  query?: string;
  /** Valid bodies run the deliberately slow password hash: fewer cases. */
  slow?: boolean;
  /** Role makes no difference (public route): attack it once. */
  once?: boolean;
  /** Tables a refused call may change on purpose. */
  mayChange?: string[];
  /** Answers a page for a person (a mail program's unsubscribe link), so its refusals are HTML, not API JSON. */
  page?: boolean;
}

let n = 0;
const unique = () => `${++n}-${randomUUID().slice(0, 6)}`;

const WRITE_ROUTES: Record<string, WriteSpec> = {
  'POST /api/auth/setup': {
    path: () => '/api/auth/setup',
    body: () => ({ email: `first-${unique()}@example.com`, name: 'First Admin', password: 'a long password' }),
    slow: true,
    once: true,
  },
  'POST /api/auth/login': {
    path: () => '/api/auth/login',
    body: (f) => ({ email: f.engineer.email, password: 'not the password' }),
    slow: true,
    once: true,
    mayChange: ['sign_in_attempts'],
  },
  'POST /api/auth/logout': { path: () => '/api/auth/logout', body: () => ({}), once: true },
  'POST /api/users': {
    path: () => '/api/users',
    body: () => ({
      email: `new-${unique()}@example.com`,
      name: 'New Engineer',
      password: 'a long password',
      role: 'engineer',
    }),
    slow: true,
  },
  'PATCH /api/users/:id': {
    path: (_f, id) => `/api/users/${id}`,
    ids: (f) => [f.other.userId],
    body: () => ({ name: 'Renamed Engineer' }),
    slow: true,
  },
  'POST /api/sites': {
    path: () => '/api/sites',
    body: () => ({
      name: `Site ${unique()}`,
      location: 'York',
      availableBuildingTypes: ['1b2p', '2b4p'],
      designParameters: defaultDesignParameters(),
    }),
  },
  'PATCH /api/sites/:id': {
    path: (_f, id) => `/api/sites/${id}`,
    ids: (f) => [f.site.id],
    body: () => ({
      name: `Site ${unique()}`,
      location: 'Hull',
      availableBuildingTypes: ['1b2p', '2b4p', '3b5p'],
      designParameters: defaultDesignParameters(),
    }),
  },
  // Deleting the real site would end the attack on everything that hangs off it: generated ids only.
  'DELETE /api/sites/:id': { path: (_f, id) => `/api/sites/${id}` },
  'POST /api/properties': {
    path: () => '/api/properties',
    body: (f) => ({ siteId: f.site.id, address: `Flat ${unique()}`, propertyType: '2b4p' }),
  },
  'PATCH /api/properties/:id': {
    path: (_f, id) => `/api/properties/${id}`,
    ids: (f) => [f.property.id],
    body: () => ({ address: `Flat ${unique()}`, propertyType: '1b2p' }),
  },
  'DELETE /api/properties/:id': { path: (_f, id) => `/api/properties/${id}` },
  // Another user's draft of no property: an admin may only discard this property's drafts.
  'DELETE /api/properties/:id/drafts/:draftId': {
    path: (f, id) => `/api/properties/${f.property.id}/drafts/${id}`,
    ids: (f) => [f.otherDraft],
  },
  'POST /api/properties/bulk': {
    path: () => '/api/properties/bulk',
    body: (f) => ({
      siteId: f.site.id,
      properties: [
        { address: `Flat ${unique()}`, propertyType: '1b2p' },
        { address: `"Flat ${unique()}, Block B"`, propertyType: '2b4p' },
      ],
    }),
  },
  'POST /api/sites/bulk': {
    path: () => '/api/sites/bulk',
    body: () => ({
      csvData: `site_name,site_location,property_address,property_type\r\nOak ${unique()},Leeds,"Flat 1, Block A",1b2p\r\n`,
    }),
  },
  'POST /api/drafts': {
    path: () => '/api/drafts',
    ids: (f) => [f.otherDraft],
    body: (f, id) => ({
      id: isUuid(id) ? id : randomUUID(),
      siteId: f.site.id,
      propertyId: f.property.id,
      currentStep: 'Initial Checks',
      wizardData: passingCheck({ site: f.site, propertyId: f.property.id, photoId: f.photo, signatureId: f.signature }),
    }),
  },
  'DELETE /api/drafts/:id': { path: (_f, id) => `/api/drafts/${id}`, ids: (f) => [f.otherDraft] },
  'PUT /api/files/:id': {
    path: (_f, id) => `/api/files/${id}`,
    ids: (f) => [f.photo, f.signature],
    query: 'kind=photo',
  },
  'PUT /api/files/:id/original': {
    path: (_f, id) => `/api/files/${id}/original`,
    ids: (f) => [f.photo, f.signature],
  },
  'POST /api/reports': {
    path: () => '/api/reports',
    ids: (f) => [f.reportId],
    body: (f, id) => ({
      id: isUuid(id) ? id : randomUUID(),
      wizardData: passingCheck({ site: f.site, propertyId: f.property.id, photoId: f.photo, signatureId: f.signature }),
      notes: 'Commissioned, all good',
      completedAt: '2026-03-02T10:25:00.000Z',
    }),
  },
  'PUT /api/sites/:id/members/:userId': {
    path: (f, id) => `/api/sites/${f.site.id}/members/${id}`,
    ids: (f) => [f.other.userId, f.admin.userId],
    body: () => ({}),
  },
  'DELETE /api/sites/:id/members/:userId': {
    path: (f, id) => `/api/sites/${f.site.id}/members/${id}`,
    ids: (f) => [f.other.userId],
  },
  'POST /api/sites/:id/assignments': {
    path: (_f, id) => `/api/sites/${id}/assignments`,
    ids: (f) => [f.site.id],
    body: (f) => ({ engineerId: f.engineer.userId, propertyIds: [f.property.id], dueDate: '2026-12-01' }),
  },
  'POST /api/sites/:id/sign-off-requests': {
    path: (_f, id) => `/api/sites/${id}/sign-off-requests`,
    ids: (f) => [f.site.id],
    body: () => ({ message: 'Please sign' }),
  },
  'POST /api/sites/:id/sign-offs': {
    path: (_f, id) => `/api/sites/${id}/sign-offs`,
    ids: (f) => [f.site.id],
    body: () => ({
      name: 'Cara Client',
      comment: 'Accepted',
      signature: `data:image/png;base64,${PNG.toString('base64')}`,
      packId: '00000000-0000-4000-8000-000000000000',
    }),
  },
  'PUT /api/properties/:id/witness': {
    path: (_f, id) => `/api/properties/${id}/witness`,
    ids: (f) => [f.property.id],
    body: () => ({ name: 'Alex Assessor', role: 'assessor', date: '2026-03-02' }),
  },
  'DELETE /api/properties/:id/witness': {
    path: (_f, id) => `/api/properties/${id}/witness`,
    ids: (f) => [f.property.id],
  },
  'POST /api/reports/:id/witness-records': {
    path: (_f, id) => `/api/reports/${id}/witness-records`,
    ids: (f) => [f.reportId],
    body: () => ({
      date: '2026-03-04',
      readings: [{ id: 'dhwKitchenTap', value: 48 }],
      signature: `data:image/png;base64,${PNG.toString('base64')}`,
    }),
  },
  'PUT /api/sites/:id/sampling': {
    path: (_f, id) => `/api/sites/${id}/sampling`,
    ids: (f) => [f.site.id],
    body: () => ({ rate: 10 }),
  },
  'POST /api/sites/:id/evidence-packs': {
    path: (_f, id) => `/api/sites/${id}/evidence-packs`,
    ids: (f) => [f.site.id],
    body: () => ({}),
  },
  'DELETE /api/sites/:id/assignments': {
    path: (_f, id) => `/api/sites/${id}/assignments`,
    ids: (f) => [f.site.id],
    body: (f) => ({ propertyIds: [f.property.id] }),
  },
  'POST /api/reports/:id/corrections': {
    path: (_f, id) => `/api/reports/${id}/corrections`,
    ids: (f) => [f.reportId],
    body: () => ({ field: 'hiuSerial', value: `SN-${unique()}`, reason: 'Serial misread from the plate' }),
  },
  'POST /api/reports/:id/review': {
    path: (_f, id) => `/api/reports/${id}/review`,
    ids: (f) => [f.reportId],
    body: () => ({ decision: 'send_back', reason: 'Retake the photo of the plate' }),
  },
  'POST /api/reports/approvals': {
    path: () => '/api/reports/approvals',
    body: (f) => ({ reports: [{ id: f.reportId, revision: 1 }] }),
  },
  'POST /api/webhooks': {
    path: () => '/api/webhooks',
    body: () => ({
      url: `https://example.com/hooks/${unique()}`,
      events: ['report.submitted'],
      description: 'Register',
    }),
  },
  'PATCH /api/webhooks/:id': {
    path: (_f, id) => `/api/webhooks/${id}`,
    body: () => ({ description: 'Asset register', events: ['report.approved'], active: true }),
  },
  'DELETE /api/webhooks/:id': { path: (_f, id) => `/api/webhooks/${id}` },
  'POST /api/webhooks/:id/rotate-secret': { path: (_f, id) => `/api/webhooks/${id}/rotate-secret`, body: () => ({}) },
  'POST /api/webhooks/:id/test': { path: (_f, id) => `/api/webhooks/${id}/test`, body: () => ({}) },
  'POST /api/tokens': {
    path: () => '/api/tokens',
    body: () => ({
      name: `Register ${unique()}`,
      scope: 'read',
      expiresOn: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10),
    }),
  },
  'DELETE /api/tokens/:id': { path: (_f, id) => `/api/tokens/${id}` },
  'POST /api/webhooks/:id/deliveries/:eventId/resend': {
    path: (_f, id) => `/api/webhooks/${id}/deliveries/${id}/resend`,
    body: () => ({}),
  },
  'POST /api/auth/password-reset': {
    path: () => '/api/auth/password-reset',
    body: (f) => ({ email: f.engineer.email }),
    once: true,
  },
  'POST /api/auth/password': {
    path: () => '/api/auth/password',
    body: () => ({ token: 'A'.repeat(43), password: 'a long password' }),
    slow: true,
    once: true,
  },
  'POST /api/users/invitations': {
    path: () => '/api/users/invitations',
    body: () => ({ email: `invited-${unique()}@example.com`, name: 'Ivy Invited', role: 'engineer' }),
  },
  'POST /api/notifications/:id/read': { path: (_f, id) => `/api/notifications/${id}/read`, body: () => ({}) },
  'POST /api/notifications/read-all': { path: () => '/api/notifications/read-all', body: () => ({}) },
  'PUT /api/notifications/preferences': {
    path: () => '/api/notifications/preferences',
    body: () => ({ kind: 'report_sent_back', email: false }),
  },
  // Push is off on the tests' app: every call is refused, and the fuzzing shows it changes nothing.
  'PUT /api/push/subscription': {
    path: () => '/api/push/subscription',
    body: () => ({
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
  },
  'DELETE /api/push/subscription': {
    path: () => '/api/push/subscription',
    body: () => ({ endpoint: 'https://push.example.com/send/abc' }),
  },
  'POST /api/notifications/unsubscribe/:token': {
    path: () => `/api/notifications/unsubscribe/${'0'.repeat(64)}`,
    body: () => ({}),
    once: true,
    page: true,
  },
  'PUT /api/sites/:id/issues/:issueId': {
    path: (f, id) => `/api/sites/${f.site.id}/issues/${id}`,
    body: () => ({ description: 'Riser lagging missing', owner: 'installer', due: '2026-12-18' }),
  },
  'POST /api/sites/:id/issues/:issueId/resolution': {
    path: (f, id) => `/api/sites/${f.site.id}/issues/${id}/resolution`,
    body: () => ({ closingComment: 'Lagged with 25 mm foam' }),
  },
};

type BodyPlan =
  | { kind: 'mutated'; mutations: Mutation[] }
  | { kind: 'value'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'type'; contentType: string; mutations: Mutation[] }
  | { kind: 'csv'; csv: string }
  | { kind: 'bytes'; contentType: string; bytes: Uint8Array };

interface Plan {
  id: string;
  query: string | null;
  body: BodyPlan;
}

const MAGIC = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  webp: [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')],
  gif: [...Buffer.from('GIF89a')],
  svg: [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  html: [...Buffer.from('<!doctype html><script>alert(1)</script>')],
  pdf: [...Buffer.from('%PDF-1.7\n')],
};

const bytesPlan: fc.Arbitrary<BodyPlan> = fc.record({
  kind: fc.constant('bytes' as const),
  contentType: fc.constantFrom(
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'image/svg+xml',
    'text/html',
    'application/json',
    'application/pdf',
    'IMAGE/PNG',
    'image/png; charset=utf-8',
  ),
  bytes: fc
    .tuple(fc.constantFrom(...Object.values(MAGIC), [] as number[]), fc.uint8Array({ maxLength: 256 }), fc.boolean())
    .map(([magic, rest, cut]) => {
      const all = Uint8Array.from([...magic, ...rest]);
      return cut ? all.subarray(0, Math.max(0, magic.length - 1)) : all;
    }),
});

function planFor(key: string, spec: WriteSpec, f: HostileFixture): fc.Arbitrary<Plan> {
  const ids = spec.ids?.(f) ?? [];
  const id = ids.length ? fc.oneof(hostileId, fc.constantFrom(...ids)) : hostileId;
  const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });
  const bodies: fc.WeightedArbitrary<BodyPlan>[] = [
    { weight: 6, arbitrary: mutations.map((m) => ({ kind: 'mutated' as const, mutations: m })) },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'value' as const, value })) },
    { weight: 1, arbitrary: malformedJson.map((text) => ({ kind: 'raw' as const, text })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...oddContentTypes), mutations)
        .map(([contentType, m]) => ({ kind: 'type' as const, contentType, mutations: m })),
    },
  ];
  if (key === 'POST /api/sites/bulk')
    bodies.push({ weight: 8, arbitrary: hostileCsv.map((csv) => ({ kind: 'csv' as const, csv })) });
  if (key.startsWith('PUT /api/files')) bodies.push({ weight: 12, arbitrary: bytesPlan });
  const query = spec.query
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(spec.query) },
        { weight: 1, arbitrary: hostileQuery },
        { weight: 1, arbitrary: fc.constant('kind=signature') },
      )
    : fc.option(hostileQuery, { freq: 5 });
  return fc.record({ id, query, body: fc.oneof(...bodies) });
}

type Caller = { cookie?: string };

async function send(
  app: Awaited<ReturnType<typeof t.app>>,
  who: Caller,
  method: string,
  url: string,
  body: BodyPlan,
  valid: () => unknown,
) {
  let payload: string | Buffer;
  let contentType = 'application/json';
  switch (body.kind) {
    case 'mutated':
      payload = JSON.stringify(mutate(valid(), body.mutations)) ?? 'null';
      break;
    case 'value':
      payload = JSON.stringify(body.value) ?? 'null';
      break;
    case 'raw':
      payload = body.text;
      break;
    case 'type':
      payload = JSON.stringify(mutate(valid(), body.mutations)) ?? 'null';
      contentType = body.contentType;
      break;
    case 'csv':
      payload = JSON.stringify({ csvData: body.csv });
      break;
    case 'bytes':
      payload = Buffer.from(body.bytes);
      contentType = body.contentType;
      break;
  }
  return app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(who.cookie ? { cookie: who.cookie } : {}) },
  });
}

/** What every answer to a hostile request must satisfy. */
function expectSafeAnswer(res: LightMyRequestResponse, what: string, page = false) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(/\n\s+at .+:\d+:\d+/);
  if (page) expect(res.headers['content-type'], what).toMatch(/^text\/html|^application\/json/);
  else if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    const error = res.json().error;
    expect(typeof error?.code, `${what}: ${res.body.slice(0, 200)}`).toBe('string');
    expect(typeof error?.message, what).toBe('string');
  }
}

function expectNoPollution() {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).role).toBeUndefined();
}

const histogram = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s}x${c}`)
    .join(' ');
};

const totals = { routes: new Set<string>(), cases: 0, refused: 0 };

describe(`hostile input (seed ${FUZZ_SEED}, FUZZ_SEED to replay)`, { timeout: 120_000 }, () => {
  it('has an attack plan for every write route in the route table', async () => {
    const app = await t.app();
    const writes = app.routeTable.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(writes.sort()).toEqual(Object.keys(WRITE_ROUTES).sort());
  });

  for (const [key, spec] of Object.entries(WRITE_ROUTES)) {
    const roles = spec.once ? (['signed out'] as const) : (['admin', 'engineer'] as const);
    for (const role of roles) {
      it(`${key} as ${role}: no 5xx, JSON errors, a refused request changes nothing`, async () => {
        const app = await t.app();
        const database = await t.database();
        const f = await hostileFixture(app, database);
        const who: Caller = role === 'signed out' ? {} : role === 'admin' ? f.admin : f.engineer;
        const [method] = key.split(' ') as [string, string];
        const statuses: number[] = [];
        // Access is checked before the body is read: an engineer on an admin route needs few cases to show 403.
        const access = app.routeTable.find((r) => `${r.method} ${r.url}` === key)!.access;
        const runs = spec.slow || (access === 'admin' && role === 'engineer') ? Math.ceil(FUZZ_RUNS / 6) : FUZZ_RUNS;
        // A report's PDF is built by the job queue after its submit: compare tables once that is done.
        await t.jobsSettled();
        let before = await snapshot(database, spec.mayChange);
        let mark = await nextTransactionId(database);
        await fc.assert(
          fc.asyncProperty(planFor(key, spec, f), async (plan) => {
            const url = spec.path(f, plan.id) + (plan.query ? `?${plan.query}` : '');
            const res = await send(app, who, method, url, plan.body, () => spec.body?.(f, plan.id) ?? {});
            statuses.push(res.statusCode);
            const what = `${key} as ${role} ${url.slice(0, 120)} (${plan.body.kind})`;
            expectSafeAnswer(res, what, spec.page);
            expectNoPollution();
            await t.jobsSettled();
            const now = await nextTransactionId(database);
            if (now === mark) return;
            // Something wrote (or tried to and rolled back): compare every table.
            const after = await snapshot(database, spec.mayChange);
            if (res.statusCode >= 400)
              expect(after, `${what} was refused (${res.statusCode}) but changed data`).toEqual(before);
            before = after;
            mark = now;
          }),
          { numRuns: runs, seed: FUZZ_SEED + key.length + role.length, endOnFailure: true },
        );
        const refused = statuses.filter((s) => s >= 400).length;
        totals.routes.add(key);
        totals.cases += statuses.length;
        totals.refused += refused;
        console.log(
          `hostile input: ${key} as ${role}: ${statuses.length} cases, ${refused} refused [${histogram(statuses)}]`,
        );
        // The generators must reach past the front door: some requests are accepted or refused by the route itself.
        if (!spec.once && role === 'admin' && spec.body)
          expect(
            statuses.some((s) => s !== 400 && s !== 415),
            key,
          ).toBe(true);
      });
    }
  }

  it('GET routes with hostile query strings and ids: no 5xx, JSON errors', { timeout: 120_000 }, async () => {
    const app = await t.app();
    const database = await t.database();
    const f = await hostileFixture(app, database);
    const gets = app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url);
    const realIds: Record<string, string[]> = {
      '/api/sites/:id': [f.site.id],
      '/api/sites/:id/delete-impact': [f.site.id],
      '/api/properties/:id': [f.property.id],
      '/api/properties/:id/delete-impact': [f.property.id],
      '/api/drafts/:id': [f.otherDraft],
      '/api/files/:id': [f.photo, f.signature],
      '/api/reports/:id': [f.reportId],
      '/api/reports/:id/pdf': [f.reportId],
    };
    await t.jobsSettled(); // the fixture report's PDF is stored, so reading it writes nothing
    const before = await snapshot(database);
    let cases = 0;
    for (const url of gets) {
      for (const who of [f.admin, f.engineer]) {
        const statuses: number[] = [];
        const ids = realIds[url] ?? [];
        await fc.assert(
          fc.asyncProperty(
            ids.length ? fc.oneof(hostileId, fc.constantFrom(...ids)) : hostileId,
            hostileQuery,
            async (id, query) => {
              const path = `${url.replace(/:id/, id)}?${query}`;
              const res = await app.inject({ method: 'GET', url: path, headers: { cookie: who.cookie! } });
              statuses.push(res.statusCode);
              expectSafeAnswer(res, `GET ${path.slice(0, 160)}`);
              expectNoPollution();
            },
          ),
          { numRuns: Math.ceil(FUZZ_RUNS / 3), seed: FUZZ_SEED + url.length },
        );
        cases += statuses.length;
        console.log(
          `hostile input: GET ${url} as ${who === f.admin ? 'admin' : 'engineer'}: ${statuses.length} cases [${histogram(statuses)}]`,
        );
      }
      totals.routes.add(`GET ${url}`);
    }
    totals.cases += cases;
    // Reading never writes.
    expect(await snapshot(database, ['sessions'])).toEqual(
      Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'sessions')),
    );
    console.log(
      `hostile input total: ${totals.routes.size} routes, ${totals.cases} generated requests (${totals.refused} write requests refused), seed ${FUZZ_SEED}`,
    );
  });

  it('an anonymous caller with hostile cookies gets 401 JSON on every signed-in route', async () => {
    const app = await t.app();
    const routes = app.routeTable.filter((r) => r.access !== 'public');
    const cookie = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abcXYZ019-_=;., %'), maxLength: 200 }),
      fc.constantFrom(
        'hiu_session=',
        'hiu_session=' + 'A'.repeat(8000),
        'hiu_session=%00',
        'hiu_session=a; hiu_session=b',
        'hiu_session="quoted"',
      ),
    );
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), cookie, async (route, value) => {
        const call = await app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:id/, randomUUID()),
          headers: { cookie: value, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        cases++;
        expect(call.statusCode, `${route.method} ${route.url} cookie ${value.slice(0, 40)}`).toBe(401);
        expect(call.json().error.code).toBe('unauthenticated');
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
    );
    console.log(`hostile input: ${cases} signed-in calls with forged or broken session cookies, all 401`);
  });
});
