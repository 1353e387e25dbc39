import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { currentTestPack } from '@hiu/domain';
import { SESSION_COOKIE } from '../src/http/access.js';
import { DatabaseNotEmpty, seedDemo } from '../scripts/demo-data.js';
import { client, signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** Signs in with the demo password, as a newcomer would from what `npm run seed` printed. */
async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await client(app).post('/api/auth/login', { email, password });
  expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return client(app, `${SESSION_COOKIE}=${cookie.value}`);
}

type Summary = { id: string; siteName: string; reviewState: string; overallStatus: string };
const count = (list: Summary[], pick: (r: Summary) => string) =>
  list.reduce<Record<string, number>>((n, r) => ({ ...n, [pick(r)]: (n[pick(r)] ?? 0) + 1 }), {});

describe('demo data (npm run seed)', () => {
  it('fills an empty database with what a newcomer looks for: every role, two sites and their flats, reports in every review state', async () => {
    const app = await t.app();
    const seed = await seedDemo(app);
    const email = (role: string) => seed.users.find((u) => u.role === role)!.email;

    // Every role signs in with the printed password.
    expect(seed.users.map((u) => u.role).sort()).toEqual(['admin', 'client', 'engineer', 'engineer', 'supervisor']);
    const admin = await signIn(app, email('admin'), seed.password);
    const supervisor = await signIn(app, email('supervisor'), seed.password);
    const engineer = await signIn(app, email('engineer'), seed.password);
    const clientUser = await signIn(app, email('client'), seed.password);
    const users = (await admin.get('/api/users')).json() as { role: string; active: boolean }[];
    expect(users.map((u) => u.role).sort()).toEqual(['admin', 'client', 'engineer', 'engineer', 'supervisor']);

    // The engineer's sites: one on the Standard checklist, one on the CP1/TS1 pack, 40 flats by block and floor.
    const sites = (await engineer.get('/api/sites')).json().items as {
      id: string;
      name: string;
      propertyCount: number;
    }[];
    expect(sites.map((s) => [s.name, s.propertyCount]).sort()).toEqual([
      ['Canal Wharf', 16],
      ['Riverside Court', 24],
    ]);
    const packs = await Promise.all(sites.map(async (s) => (await admin.get(`/api/sites/${s.id}`)).json().testPack));
    expect(packs.sort()).toEqual(['cp1-ts1', 'standard']);
    const riverside = sites.find((s) => s.name === 'Riverside Court')!;
    const flats = (await admin.get(`/api/properties?siteId=${riverside.id}&limit=100`)).json() as {
      items: { block: string; floor: string }[];
      total: number;
    };
    expect(flats.total).toBe(24);
    expect(new Set(flats.items.map((f) => `${f.block}, floor ${f.floor}`)).size).toBe(8);

    // Reports in each review state, a failed check and a re-test among them, on both sites.
    const reports = (await admin.get('/api/reports')).json() as Summary[];
    expect(count(reports, (r) => r.reviewState)).toEqual({ awaiting_review: 5, sent_back: 3, approved: 4 });
    expect(count(reports, (r) => r.siteName)).toEqual({ 'Riverside Court': 8, 'Canal Wharf': 4 });
    expect(reports.filter((r) => r.overallStatus === 'FAIL').map((r) => r.reviewState)).toEqual([
      'awaiting_review',
      'awaiting_review',
    ]);
    expect(seed.reports.retests).toHaveLength(1);
    const retest = (await admin.get(`/api/reports/${seed.reports.retests[0]}`)).json();
    expect(seed.reports.sentBack).toContain(retest.retestOf);
    expect(retest.reviewState).toBe('awaiting_review');
    const wharfReport = reports.find((r) => r.siteName === 'Canal Wharf')!;
    expect((await admin.get(`/api/reports/${wharfReport.id}`)).json().testPack).toEqual({
      id: 'cp1-ts1',
      version: currentTestPack('cp1-ts1').version,
    });

    // Each report has its PDF.
    for (const r of reports) {
      const pdf = await admin.get(`/api/reports/${r.id}/pdf`);
      expect(pdf.statusCode, r.id).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }

    // What each role sees first: the engineer's flats (one sent back, with why), the supervisor's queue, the
    // client's approved work only.
    const mine = (await engineer.get('/api/me/assignments')).json() as {
      reviewState: string | null;
      dueDate: string;
    }[];
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.filter((f) => f.reviewState === 'sent_back')).toEqual([
      expect.objectContaining({ reviewReason: expect.stringMatching(/serial/), reviewFields: ['hiuSerial'] }),
    ]);
    const counts = (await supervisor.get('/api/me/review-counts')).json() as { siteName: string; awaiting: number }[];
    expect(Object.fromEntries(counts.map((c) => [c.siteName, c.awaiting]))).toEqual({
      'Riverside Court': 3,
      'Canal Wharf': 2,
    });
    const approved = (await clientUser.get('/api/reports')).json() as Summary[];
    expect(approved.map((r) => r.reviewState)).toEqual(['approved', 'approved', 'approved', 'approved']);
  }, 180_000);

  it('refuses a database that already has users, and adds nothing', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    await expect(seedDemo(app)).rejects.toBeInstanceOf(DatabaseNotEmpty);
    await expect(seedDemo(app)).rejects.toThrow(/already has users/);
    expect((await admin.get('/api/users')).json()).toHaveLength(1);
    expect((await admin.get('/api/sites')).json().items).toEqual([]);
  });
});
