import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';
import { packBuildProbe } from '../src/jobs/evidence-pack-job.js';

const t = useTestApp();

afterEach(() => {
  packBuildProbe.betweenReads = undefined;
});

/** Long enough for a save on a loaded machine; a save held until the pack's reads end never comes within it. */
const SAVE_BOUND_MS = 15_000;

// docs/product.md#evidence-pack: a pack's build does not keep the field waiting. On the embedded database its
// reads no longer hold the one connection for their whole length (decision 266), and what they read still agrees.
describe("a pack's reads let draft saves through", () => {
  it(
    'a draft saved while the pack reads the site is answered meanwhile, and in none of its files',
    { timeout: 180_000 },
    async () => {
      const app = await t.app();
      const database = await t.database();
      const admin = await signedIn(app, 'admin');
      const eng = await signedIn(app, 'engineer');
      const supervisor = await signedIn(app, 'supervisor');
      const site = await createSite(admin, { name: `Give way ${Math.random()}` });
      await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
      const a = await createProperty(admin, site.id, { address: 'Flat 1, Alder House', propertyType: '2b4p' });
      const c = await createProperty(admin, site.id, { address: 'Flat 2, Alder House', propertyType: '2b4p' });
      const first = await submitPassingReport(eng, site, a.id, '2026-03-02T10:00:00.000Z');
      await supervisor.post(`/api/reports/${first}/review`, { decision: 'approve' });
      await t.jobsSettled();

      // After the build's first read, an engineer saves a check of flat 2, which had none.
      let answered: { statusCode: number } | 'not within the bound' | undefined;
      packBuildProbe.betweenReads = async () => {
        if (answered) return;
        const save = eng.post('/api/drafts', {
          id: randomUUID(),
          siteId: site.id,
          propertyId: c.id,
          currentStep: 'Initial Checks',
          wizardData: { ...emptyWizardData(), siteId: site.id, propertyId: c.id, hiuModel: 'Vital 2' },
        });
        answered = await Promise.race([
          save,
          new Promise<'not within the bound'>((resolve) =>
            setTimeout(() => resolve('not within the bound'), SAVE_BOUND_MS),
          ),
        ]);
      };
      const packId = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id as string;
      await t.jobsSettled();
      expect(answered, 'the save was answered while the pack was reading').toEqual(
        expect.objectContaining({ statusCode: 200 }),
      );

      const pack = (await supervisor.get(`/api/evidence-packs/${packId}`)).json();
      expect(pack.state).toBe('done');
      // Flat 2 is as the pack's first read had it, not started, in dwellings.json and summary.pdf alike.
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
      expect(dwellings.dwellings.find((d) => d.property.id === c.id)?.state).toBe('not_started');
      expect(dwellings.dwellings.find((d) => d.property.id === a.id)?.state).toBe('approved');
      if (hasPdftotext) {
        const text = pdfText(file('summary.pdf')).replace(/\s+/g, ' ');
        expect(text).toMatch(/Not started 1\b/);
        expect(text).toMatch(/In progress 0\b/);
      }
      // The site's own dashboard, read now, has the save.
      const now = (await supervisor.get(`/api/sites/${site.id}/dashboard`)).json() as {
        states: Record<string, number>;
      };
      expect(now.states.in_progress).toBe(1);
    },
  );
});
