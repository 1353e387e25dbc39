import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';
import { packBuildProbe } from '../src/jobs/evidence-pack-job.js';

const t = useTestApp();

afterEach(() => {
  packBuildProbe.betweenReads = undefined;
});

// docs/product.md#evidence-pack: every file of one pack is read from one snapshot of the site, so a review that
// lands while the pack is built is either in all of them or in none, and a pack it missed is superseded.
describe('one snapshot per pack build', () => {
  it(
    'a report approved while the pack reads the site is in none of its files, and the pack is superseded',
    { timeout: 180_000 },
    async () => {
      const app = await t.app();
      const database = await t.database();
      const admin = await signedIn(app, 'admin');
      const eng = await signedIn(app, 'engineer');
      const supervisor = await signedIn(app, 'supervisor');
      const site = await createSite(admin, { name: `Snapshot ${Math.random()}` });
      await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
      const a = await createProperty(admin, site.id, { address: 'Flat 1, Rowan House', propertyType: '2b4p' });
      const b = await createProperty(admin, site.id, { address: 'Flat 2, Rowan House', propertyType: '2b4p' });
      const first = await submitPassingReport(eng, site, a.id, '2026-03-02T10:00:00.000Z');
      await supervisor.post(`/api/reports/${first}/review`, { decision: 'approve' });
      const waiting = await submitPassingReport(eng, site, b.id, '2026-03-02T11:00:00.000Z');
      await t.jobsSettled();

      // The review lands after the build's first read. On PostgreSQL it commits at once, beside the build's
      // snapshot; on the embedded database it waits for the build's transaction, so the probe does not wait for it.
      let approval: Promise<{ statusCode: number }> | undefined;
      packBuildProbe.betweenReads = async () => {
        if (approval) return;
        approval = supervisor.post(`/api/reports/${waiting}/review`, { decision: 'approve' });
        if (database.kind === 'postgres') expect((await approval).statusCode).toBe(200);
      };
      const packId = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id as string;
      await t.jobsSettled();
      expect(approval, 'the build read the site').toBeDefined();
      expect((await approval!).statusCode).toBe(200);
      await t.jobsSettled();

      const pack = (await supervisor.get(`/api/evidence-packs/${packId}`)).json();
      expect(pack.state).toBe('done');
      // The approval is not in the pack: the screen offers it no longer.
      expect(pack.superseded).toBe('reports_changed');

      // Every file of the pack names the same state for flat 2: awaiting review, as the snapshot had it.
      const { rows } = (await database.db.execute(sql`
      SELECT c->>'path' AS path, f.data AS data
      FROM evidence_packs e, jsonb_array_elements(e.contents) c JOIN files f ON f.id = (c->>'fileId')::uuid
      WHERE e.id = ${packId}`)) as unknown as { rows: { path: string; data: Buffer | Uint8Array | null }[] };
      const file = (path: string) => {
        const row = rows.find((r) => r.path === path);
        expect(row?.data, path).toBeTruthy();
        return Buffer.from(row!.data!);
      };
      const dwellings = JSON.parse(file('dwellings.json').toString()) as {
        dwellings: { property: { id: string }; state: string }[];
      };
      expect(dwellings.dwellings.find((d) => d.property.id === b.id)?.state).toBe('awaiting_review');
      expect(dwellings.dwellings.find((d) => d.property.id === a.id)?.state).toBe('approved');
      const csv = file('reports.csv').toString();
      expect(csv).toContain('Flat 1, Rowan House');
      expect(csv).not.toContain('Flat 2, Rowan House');
      expect(rows.map((r) => r.path).filter((p) => p.startsWith('reports/'))).toEqual([
        expect.stringContaining('Flat 1, Rowan House'),
      ]);
      if (hasPdftotext) {
        const text = pdfText(file('summary.pdf')).replace(/\s+/g, ' ');
        expect(text).toMatch(/Approved 1\b/);
        expect(text).toMatch(/Awaiting review 1\b/);
      }
    },
  );
});
