import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

/** Waits until some statement of this database waits on a row lock (or gives up after `ms`). */
async function someoneWaits(probe: pg.Client, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const { rows } = await probe.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

// Only PostgreSQL has more than one connection, so only there can two transactions wait on each other.
describe.skipIf((process.env.TEST_DB ?? 'pglite') !== 'postgres')('report changes at the same moment', () => {
  it('approves a re-test while the PDF of the report it re-tests is being stored, without a deadlock', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: 'Larch Court' });
    expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
    const property = await createProperty(admin, site.id, { address: 'Flat 1', propertyType: '2b4p' });
    const first = await submitPassingReport(eng, site, property.id);
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [property.id] });
    const back = await supervisor.post(`/api/reports/${first}/review`, { decision: 'send_back', reason: 'Serial' });
    expect(back.statusCode).toBe(200);
    const retest = await submitPassingReport(eng, site, property.id, '2026-03-03T10:25:00.000Z');
    expect((await eng.get(`/api/reports/${retest}`)).json()).toMatchObject({ retestOf: first });
    await t.jobsSettled();

    const url = (await t.databaseUrl())!;
    const job = new pg.Client({ connectionString: url });
    const probe = new pg.Client({ connectionString: url });
    await Promise.all([job.connect(), probe.connect()]);
    try {
      // What storing a report's PDF does: lock the report, then set its PDF (keepReportPdf).
      await job.query('BEGIN');
      await job.query('SELECT id FROM reports WHERE id = $1 FOR UPDATE', [first]);
      const approving = supervisor.post(`/api/reports/${retest}/review`, { decision: 'approve' });
      // The approval reaches the first report's lock (its re-test's link is checked) and waits there.
      expect(await someoneWaits(probe)).toBe(true);
      await job.query('UPDATE reports SET pdf_file_id = NULL WHERE id = $1', [first]);
      await job.query('COMMIT');
      const approved = await approving;
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ reviewState: 'approved' });
    } finally {
      await job.query('ROLLBACK').catch(() => undefined);
      await Promise.all([job.end(), probe.end()]);
    }
  });
});
