import pg from 'pg';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf, submitPassingReport } from './helpers/team.js';
import { webhookEvents } from '../src/db/schema.js';

const t = useTestApp();

/** A site with a supervisor on it and three submitted passing reports, each of its own flat. */
async function queueOfThree() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { name: `Rowan Court ${Math.random()}` });
  expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const flat = await createProperty(admin, site.id, { address: `Flat ${n}, Rowan House`, propertyType: '2b4p' });
    ids.push(await submitPassingReport(eng, site, flat.id, `2026-03-02T10:2${5 + n}:00.000Z`));
  }
  await t.jobsSettled();
  return { app, admin, eng, supervisor, site, ids };
}

const atRevision1 = (ids: string[]) => ({ reports: ids.map((id) => ({ id, revision: 1 })) });

describe('bulk approval of passing reports', () => {
  it('approves each passing report as its own decision, with its own history entry and webhook event', async () => {
    const { admin, supervisor, site, ids } = await queueOfThree();
    const hook = await admin.post('/api/webhooks', {
      url: 'https://hooks.example.com/hiu',
      events: ['report.approved'],
    });
    expect(hook.statusCode, hook.body).toBe(201);

    const res = await supervisor.post('/api/reports/approvals', atRevision1(ids));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ approved: ids, refused: [] });

    const queue = (await supervisor.get(`/api/sites/${site.id}/review-queue`)).json();
    expect(queue.total).toBe(0);
    const database = await t.database();
    for (const id of ids) {
      const history = await auditOf(database, 'report', id);
      expect(history.filter((h) => h.action === 'approved')).toHaveLength(1);
    }
    const events = await database.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'report.approved'));
    expect(events.map((e) => (e.payload as { reportId: string }).reportId).sort()).toEqual([...ids].sort());
  });

  it('never approves a failing report, and one refusal leaves the others approved', async () => {
    const { supervisor, ids } = await queueOfThree();
    const fail = await supervisor.post(`/api/reports/${ids[1]}/corrections`, {
      field: 'standbyFlowTemp',
      value: '99',
      reason: 'Transcribed from the wrong gauge',
    });
    expect(fail.json()).toMatchObject({ overallStatus: 'FAIL', revision: 2 });

    // The reviewer saw the failing report at its new revision: still refused, since it fails.
    const res = await supervisor.post('/api/reports/approvals', {
      reports: [
        { id: ids[0], revision: 1 },
        { id: ids[1], revision: 2 },
        { id: ids[2], revision: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.approved).toEqual([ids[0], ids[2]]);
    expect(body.refused).toEqual([{ id: ids[1], reason: expect.stringMatching(/does not pass/) }]);
    expect((await supervisor.get(`/api/reports/${ids[1]}`)).json()).toMatchObject({ reviewState: 'awaiting_review' });
  });

  it('refuses a report corrected since the queue was read, one decided already, and a site not the caller’s', async () => {
    const { app, eng, supervisor, ids } = await queueOfThree();
    await supervisor.post(`/api/reports/${ids[0]}/corrections`, { field: 'hiuSerial', value: 'SN-2', reason: 'Plate' });
    await supervisor.post(`/api/reports/${ids[2]}/review`, { decision: 'approve' });
    const res = await supervisor.post('/api/reports/approvals', atRevision1(ids));
    const body = res.json();
    expect(body.approved).toEqual([ids[1]]);
    expect(body.refused).toEqual([
      { id: ids[0], reason: expect.stringMatching(/corrected since/) },
      { id: ids[2], reason: expect.stringMatching(/not awaiting review/) },
    ]);
    // Neither an engineer nor anyone outside the site approves anything.
    const outsider = await signedIn(app, 'supervisor');
    expect((await eng.post('/api/reports/approvals', atRevision1(ids))).statusCode).toBe(403);
    const other = (await outsider.post('/api/reports/approvals', atRevision1([ids[1]!]))).json();
    expect(other.approved).toEqual([]);
  });

  it('refuses an empty selection or a malformed one (422)', async () => {
    const { supervisor } = await queueOfThree();
    expect((await supervisor.post('/api/reports/approvals', { reports: [] })).statusCode).toBe(422);
    expect((await supervisor.post('/api/reports/approvals', { reports: [{ id: 'x', revision: 1 }] })).statusCode).toBe(
      422,
    );
  });
});

// Only PostgreSQL has more than one connection, so only there can a correction and an approval meet.
describe.skipIf((process.env.TEST_DB ?? 'pglite') !== 'postgres')('bulk approval racing a correction', () => {
  it('a correction that makes a report fail, committed while the bulk approval waits, keeps it unapproved', async () => {
    const { supervisor, ids } = await queueOfThree();
    const url = (await t.databaseUrl())!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // Another connection holds the report's row, as a correction does while it writes.
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM reports WHERE id = $1 FOR UPDATE', [ids[0]]);
      const bulk = supervisor.post('/api/reports/approvals', atRevision1(ids));
      await new Promise((r) => setTimeout(r, 300));
      // The correction lands first: the report now fails at revision 2.
      await holder.query(`UPDATE reports SET overall_status = 'FAIL', revision = 2 WHERE id = $1`, [ids[0]]);
      await holder.query('COMMIT');
      const body = (await bulk).json();
      expect(body.approved).toEqual([ids[1], ids[2]]);
      expect(body.refused).toEqual([{ id: ids[0], reason: expect.stringMatching(/does not pass|corrected since/) }]);
    } finally {
      await holder.end();
    }
  });

  it('a correction and a bulk approval at the same moment: one of them wins whole, never a failing approval', async () => {
    const { admin, supervisor, ids } = await queueOfThree();
    const results = await Promise.all(
      ids.map(async (id) => {
        const [corr, bulk] = await Promise.all([
          admin.post(`/api/reports/${id}/corrections`, { field: 'standbyFlowTemp', value: '99', reason: 'Gauge' }),
          supervisor.post('/api/reports/approvals', atRevision1([id])),
        ]);
        const report = (await supervisor.get(`/api/reports/${id}`)).json();
        return { corr: corr.statusCode, approved: bulk.json().approved.length === 1, report };
      }),
    );
    for (const r of results) {
      if (r.approved) {
        expect(r.corr).toBe(409);
        expect(r.report).toMatchObject({ reviewState: 'approved', overallStatus: 'PASS', revision: 1 });
      } else {
        expect(r.corr).toBe(200);
        expect(r.report).toMatchObject({ reviewState: 'awaiting_review', overallStatus: 'FAIL', revision: 2 });
      }
    }
  });
});
