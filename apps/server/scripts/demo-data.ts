// Demo data for a newcomer's empty database (`npm run seed`, `SEED=1 npm run dev`): people of every role, a site
// on the Standard checklist and one on the CP1/TS1 pack, 40 flats across blocks and floors, assignments, and
// reports in every review state, a re-test among them. Everything is made through the API, as the first admin,
// the supervisor and the engineers would make it (requests injected into the app, no network), so every rule
// holds: the server judges each report, numbers it, builds its PDF and counts it. The check data is the tests'
// passing check (`@hiu/domain/testing`), varied per flat; photos and signature are the PDF package's test images.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { currentTestPack } from '@hiu/domain';
import { passingCheck, passingCp1Check, PASSING_CP1 } from '@hiu/domain/testing';
import { SESSION_COOKIE } from '../src/http/access.js';

/** Refused: the database has users, and demo data never mixes with real data. */
export class DatabaseNotEmpty extends Error {}

export type DemoRole = 'admin' | 'supervisor' | 'engineer' | 'client';
export interface DemoUser {
  role: DemoRole;
  name: string;
  email: string;
}
export interface DemoSeed {
  /** One password for every demo account, made for this database. */
  password: string;
  users: DemoUser[];
  sites: { id: string; name: string; testPack: 'standard' | 'cp1-ts1'; flats: number }[];
  /** Report ids by where their review stands; `retests` are also among `awaiting`. */
  reports: { awaiting: string[]; sentBack: string[]; approved: string[]; retests: string[] };
}

const PEOPLE = {
  admin: { role: 'admin', name: 'Ada Admin', email: 'admin@example.com' },
  supervisor: { role: 'supervisor', name: 'Sam Supervisor', email: 'supervisor@example.com' },
  erin: { role: 'engineer', name: 'Erin Engineer', email: 'engineer@example.com' },
  eli: { role: 'engineer', name: 'Eli Engineer', email: 'engineer2@example.com' },
  client: { role: 'client', name: 'Cleo Client', email: 'client@example.com' },
} as const satisfies Record<string, DemoUser>;

const fixtures = path.resolve(import.meta.dirname, '../../../packages/report-pdf/test/fixtures');

type Session = ReturnType<typeof caller>;

function caller(app: FastifyInstance, cookie?: string) {
  const call = async (
    method: InjectOptions['method'],
    url: string,
    expected: number | number[],
    body?: unknown,
    type?: string,
  ) => {
    const res = await app.inject({
      method,
      url,
      payload: body as InjectOptions['payload'],
      headers: { ...(cookie && { cookie }), ...(type && { 'content-type': type }) },
    });
    if (![expected].flat().includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  return {
    call,
    json: async <T>(method: InjectOptions['method'], url: string, expected: number, body?: unknown) =>
      (await call(method, url, expected, body)).json() as T,
  };
}

/** The session cookie a sign-in (or the first admin's set-up) answered with. */
function sessionOf(res: { cookies: { name: string; value: string }[] }) {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('signed in without a session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Fills the app's empty database with the demo; throws DatabaseNotEmpty, having written nothing, when it has
 * users. Takes a few seconds per report (each is judged and its PDF built).
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoSeed> {
  const anonymous = caller(app);
  const setup = await anonymous.json<{ needed: boolean }>('GET', '/api/auth/setup', 200);
  if (!setup.needed) {
    throw new DatabaseNotEmpty(
      'This database already has users: demo data only goes into an empty one, never beside real data. ' +
        'Point DATA_DIR (or DATABASE_URL) at an empty database.',
    );
  }
  const password = `demo-${randomBytes(6).toString('hex')}`;

  // The first admin, as the first visit makes them; then the others, as the admin adds them.
  const { admin } = PEOPLE;
  const first = await anonymous.call('POST', '/api/auth/setup', 201, {
    email: admin.email,
    name: admin.name,
    password,
  });
  const asAdmin = caller(app, sessionOf(first));
  const ids: Record<string, string> = {};
  for (const key of ['supervisor', 'erin', 'eli', 'client'] as const) {
    const { role, name, email } = PEOPLE[key];
    ids[key] = (await asAdmin.json<{ id: string }>('POST', '/api/users', 201, { email, name, password, role })).id;
  }
  const signIn = async (email: string) =>
    caller(app, sessionOf(await anonymous.call('POST', '/api/auth/login', 200, { email, password })));
  const supervisor = await signIn(PEOPLE.supervisor.email);
  const erin = await signIn(PEOPLE.erin.email);
  const eli = await signIn(PEOPLE.eli.email);

  // Two sites, everyone but the admin a member of both; 24 flats and 16, by block and floor.
  const site = async (name: string, location: string, testPack: 'standard' | 'cp1-ts1') => {
    const made = await asAdmin.json<{ id: string; name: string }>('POST', '/api/sites', 201, {
      name,
      location,
      testPack,
    });
    // 200: already a member (engineers join a new site as it is made).
    for (const key of ['supervisor', 'erin', 'eli', 'client'])
      await asAdmin.call('PUT', `/api/sites/${made.id}/members/${ids[key]}`, [200, 201]);
    return { ...made, testPack };
  };
  const riverside = await site('Riverside Court', 'Leeds LS10 1AB', 'standard');
  const wharf = await site('Canal Wharf', 'Manchester M4 6DE', 'cp1-ts1');

  const FLOORS = ['Ground', '1', '2', '3'];
  const TYPES = ['1b2p', '2b4p', '3b5p'];
  type Flat = { id: string; address: string; propertyType: string };
  const flats = async (siteId: string, blocks: string[], perFloor: number) => {
    const made: Record<string, Flat[]> = {};
    for (const block of blocks) {
      made[block] = [];
      for (const [f, floor] of FLOORS.entries()) {
        for (let i = 1; i <= perFloor; i++) {
          const number = f * perFloor + i;
          const body = {
            siteId,
            address: `Flat ${number}, ${block} Block`,
            propertyType: TYPES[(number - 1) % TYPES.length],
            block,
            floor,
          };
          made[block].push(await asAdmin.json<Flat>('POST', '/api/properties', 201, body));
        }
      }
    }
    return made;
  };
  const riversideFlats = await flats(riverside.id, ['North', 'South'], 3);
  const wharfFlats = await flats(wharf.id, ['East', 'West'], 2);

  // The supervisor hands out the work: due next week, and two of Erin's flats already overdue.
  const assign = (siteId: string, engineerId: string, list: Flat[], dueDate: string | null) =>
    supervisor.call('POST', `/api/sites/${siteId}/assignments`, 200, {
      engineerId,
      propertyIds: list.map((f) => f.id),
      dueDate,
    });
  const north = riversideFlats.North!;
  const south = riversideFlats.South!;
  const east = wharfFlats.East!;
  const west = wharfFlats.West!;
  await assign(riverside.id, ids.erin!, north.slice(0, 8), day(7));
  await assign(riverside.id, ids.erin!, north.slice(8, 10), day(-2));
  await assign(riverside.id, ids.eli!, south.slice(0, 6), day(10));
  await assign(wharf.id, ids.eli!, east, day(14));
  await assign(wharf.id, ids.erin!, west.slice(0, 4), null);

  // Reports: each check begins when the work is handed out (a report may not be older than its site) and is
  // sent a moment later, with the engineer's own photo and signature uploads.
  const photo = fs.readFileSync(path.join(fixtures, 'photo.jpg'));
  const signature = fs.readFileSync(path.join(fixtures, 'signature.png'));
  const startTime = new Date().toISOString();
  // A check started now on a CP1/TS1 site is taken under the pack's current version.
  const cp1Pack = { id: 'cp1-ts1' as const, version: currentTestPack('cp1-ts1').version };
  let serial = 4100;
  const submit = async (
    engineer: Session,
    where: { id: string; name: string; testPack: string },
    flat: Flat,
    variant: { fail?: boolean; notes?: string; cp1?: Partial<typeof PASSING_CP1> } = {},
  ) => {
    const photoId = randomUUID();
    const signatureId = randomUUID();
    await engineer.call('PUT', `/api/files/${photoId}?kind=photo`, 201, photo, 'image/jpeg');
    await engineer.call('PUT', `/api/files/${signatureId}?kind=signature`, 201, signature, 'image/png');
    const options = {
      site: { id: where.id, name: where.name },
      propertyId: flat.id,
      address: flat.address,
      dwellingType: flat.propertyType,
      hiuModel: serial % 2 ? 'Evo 40' : 'FlatStation 35',
      hiuSerial: `SN ${serial++}`,
      startTime,
      photoId,
      signatureId,
      // A failing standby: the flow far above its range.
      ...(variant.fail && where.testPack === 'standard' ? { standbyMode: { flowTemp: '71' } } : {}),
    };
    const wizardData =
      where.testPack === 'cp1-ts1'
        ? passingCp1Check({ ...options, testPack: cp1Pack, cp1: { ...variant.cp1 } })
        : passingCheck(options);
    const id = randomUUID();
    await engineer.call('POST', '/api/reports', 201, {
      id,
      wizardData,
      notes: variant.notes ?? '',
      completedAt: new Date().toISOString(),
    });
    return id;
  };
  const review = (id: string, body: Record<string, unknown>) =>
    supervisor.call('POST', `/api/reports/${id}/review`, 200, body);
  const sendBack = (id: string, reason: string, fields?: string[]) =>
    review(id, { decision: 'send_back', reason, ...(fields && { fields }) });

  const out: DemoSeed['reports'] = { awaiting: [], sentBack: [], approved: [], retests: [] };
  // Riverside Court (Standard checklist).
  for (const flat of north.slice(0, 2)) {
    const id = await submit(erin, riverside, flat);
    await review(id, { decision: 'approve' });
    out.approved.push(id);
  }
  out.awaiting.push(await submit(erin, riverside, north[2]!));
  out.awaiting.push(
    await submit(erin, riverside, north[3]!, {
      fail: true,
      notes: 'Standby flow stays above 70 °C: the keep-warm setting looks wrong; installer to check the controller.',
    }),
  );
  const serialWrong = await submit(erin, riverside, north[4]!);
  await sendBack(serialWrong, 'The serial on the report does not match the data badge in the photo.', ['hiuSerial']);
  out.sentBack.push(serialWrong);
  // Sent back, re-tested by the engineer (the server links the new report to the first), and awaiting review.
  const firstTry = await submit(eli, riverside, south[0]!);
  await sendBack(firstTry, 'Standby readings were taken before the unit settled: please re-test.', [
    'standbyFlowTemp',
    'standbyReturnTemp',
  ]);
  out.sentBack.push(firstTry);
  const retest = await submit(eli, riverside, south[0]!);
  out.awaiting.push(retest);
  out.retests.push(retest);
  const approvedSouth = await submit(eli, riverside, south[1]!);
  await review(approvedSouth, { decision: 'approve' });
  out.approved.push(approvedSouth);

  // Canal Wharf (CP1/TS1): one approved, one awaiting with an open issue, one failing, one sent back.
  const wharfApproved = await submit(eli, wharf, east[0]!);
  await review(wharfApproved, { decision: 'approve' });
  out.approved.push(wharfApproved);
  out.awaiting.push(
    await submit(eli, wharf, east[1]!, {
      cp1: {
        issues: [
          {
            id: randomUUID(),
            description: 'Isolation valve label missing',
            owner: 'installer',
            due: day(5),
            resolved: false,
          },
        ],
      },
    }),
  );
  out.awaiting.push(
    await submit(erin, wharf, west[0]!, {
      cp1: { peakReturn: '31' },
      notes: 'Primary return too high in the peak test; the DPCV may need resetting.',
    }),
  );
  const wharfBack = await submit(eli, wharf, east[2]!);
  await sendBack(wharfBack, 'The heat meter photo is blurred: the reading cannot be checked.');
  out.sentBack.push(wharfBack);

  // Every report's PDF built now (a request for one builds it when its job has not yet), so the first
  // download is instant.
  for (const id of [...out.awaiting, ...out.sentBack, ...out.approved])
    await asAdmin.call('GET', `/api/reports/${id}/pdf`, 200);

  return {
    password,
    users: Object.values(PEOPLE),
    sites: [
      { id: riverside.id, name: riverside.name, testPack: 'standard', flats: 24 },
      { id: wharf.id, name: wharf.name, testPack: 'cp1-ts1', flats: 16 },
    ],
    reports: out,
  };
}
