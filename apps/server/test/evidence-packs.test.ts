import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SUPERSEDED_PACK_MESSAGES } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';
import { hasPdftotext, pdfText } from './helpers/report-files.js';

const t = useTestApp();
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function seeded() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin' });
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam' });
  const client = await signedIn(app, 'client');
  const site = await createSite(admin, { name: `Pack ${Math.random()}` });
  for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
  const flats = [
    await createProperty(admin, site.id, { address: 'Flat 1, Oak House', propertyType: '2b4p' }),
    await createProperty(admin, site.id, { address: 'Flat 2, Oak House', propertyType: '2b4p' }),
    await createProperty(admin, site.id, { address: 'Flat 3, Oak House', propertyType: '2b4p' }),
  ];
  const first = await submitPassingReport(eng, site, flats[0]!.id, '2026-03-02T10:25:00.000Z');
  await supervisor.post(`/api/reports/${first}/review`, { decision: 'send_back', reason: 'Redo the photo' });
  const retest = await submitPassingReport(eng, site, flats[0]!.id, '2026-03-03T10:25:00.000Z');
  const second = await submitPassingReport(eng, site, flats[1]!.id, '2026-03-03T11:25:00.000Z');
  await supervisor.post(`/api/reports/${retest}/review`, { decision: 'approve' });
  await supervisor.post(`/api/reports/${second}/review`, { decision: 'approve' });
  await t.jobsSettled();
  return { app, admin, eng, supervisor, client, site, flats, first, retest, second };
}

describe('handover evidence pack', () => {
  it('builds every PDF, the CSV, summary.pdf and a manifest whose hashes match, file by file', async () => {
    const { supervisor, client, site, first, retest, second } = await seeded();
    const [a, b] = await Promise.all([
      supervisor.post(`/api/sites/${site.id}/evidence-packs`),
      supervisor.post(`/api/sites/${site.id}/evidence-packs`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    // Two requests at once: one pack, one job.
    expect(a.json().id).toBe(b.json().id);
    const id = a.json().id as string;
    expect((await supervisor.get(`/api/evidence-packs/${id}/download`)).statusCode).toBeOneOf([200, 409]);
    await t.jobsSettled();
    const pack = (await client.get(`/api/evidence-packs/${id}`)).json();
    // The sent-back first attempt is not approved work: the pack, handed to the client, leaves it out.
    expect(pack).toMatchObject({ state: 'done', done: 2, total: 2, files: 5, missing: [] });
    expect(Date.parse(pack.expiresAt)).toBeGreaterThan(Date.now() + 24 * 3600_000);

    const app = await t.app();
    const head = await app.inject({
      method: 'HEAD',
      url: `/api/evidence-packs/${id}/download`,
      headers: { cookie: client.cookie! },
    });
    expect(head.statusCode).toBe(200);
    const res = await client.get(`/api/evidence-packs/${id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // "<site> evidence <date> <short hash>.zip", the hash the manifest's own.
    const built = new Date(pack.finishedAt).toISOString().slice(0, 10);
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`evidence[ _]${built}[ _][0-9a-f]{8}\\.zip`));
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      [
        'dwellings.json',
        'manifest.json',
        'reports.csv',
        'reports/Flat 1, Oak House - ' + (await ref(supervisor, retest)) + '.pdf',
        'reports/Flat 2, Oak House - ' + (await ref(supervisor, second)) + '.pdf',
        'summary.pdf',
      ].sort(),
    );
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString());
    expect(manifest.files).toHaveLength(5);
    expect(JSON.stringify(manifest)).not.toContain(await ref(supervisor, first));
    for (const f of manifest.files as { path: string; size: number; sha256: string }[]) {
      expect(zip[f.path], f.path).toBeDefined();
      expect(sha256(zip[f.path]!), f.path).toBe(f.sha256);
      expect(zip[f.path]!.length).toBe(f.size);
    }
    expect(Buffer.from(zip['reports.csv']!).toString().split('\r\n').filter(Boolean)).toHaveLength(3);
    // The approved report's PDF in the pack is the one the report answers.
    const own = (await supervisor.get(`/api/reports/${second}/pdf`)).rawPayload;
    expect(sha256(zip[`reports/Flat 2, Oak House - ${await ref(supervisor, second)}.pdf`]!)).toBe(sha256(own));
    if (hasPdftotext) {
      const text = pdfText(Buffer.from(zip['summary.pdf']!));
      for (const s of [
        'HANDOVER EVIDENCE',
        site.name,
        'Every flat',
        'Flat 3, Oak House',
        'Not started',
        'Sign-off',
        'Heat network assessor',
      ])
        expect(text, s).toContain(s);
    }
  });

  it('reads a site larger than one page: every flat and report is in the dashboard and the pack', async () => {
    const { supervisor, site, second } = await seeded();
    const { sql } = await import('drizzle-orm');
    const db = (await t.database()).db;
    // 450 more flats, each with an approved report (a copy of one, with its stored PDF); the first 40 also have
    // an earlier attempt, approved and re-tested. The reads go in pages of 50 reports and 50 flats.
    await db.execute(sql`INSERT INTO properties (site_id, address, property_type)
      SELECT ${site.id}, 'Flat ' || g || ', Elm House', '2b4p' FROM generate_series(1, 450) g`);
    const copy = (state: string, minutes: number, upTo: number) =>
      db.execute(sql`INSERT INTO reports (id, user_id, site_id, property_id, site_name, property_address, dwelling_type,
          hiu_model, hiu_serial, engineer_name, start_time, completed_at, overall_status, notes, failed_step,
          failure_reasons, ranges, ranges_source, wizard_data, pdf_file_id, pdf_filename, review_state)
        SELECT gen_random_uuid(), t.user_id, t.site_id, p.id, t.site_name, p.address, t.dwelling_type, t.hiu_model,
          t.hiu_serial, t.engineer_name, t.start_time, t.completed_at + ${minutes} * interval '1 minute', t.overall_status,
          t.notes, t.failed_step, t.failure_reasons, t.ranges, t.ranges_source, t.wizard_data, t.pdf_file_id,
          t.pdf_filename, ${state}
        FROM properties p CROSS JOIN (SELECT * FROM reports WHERE id = ${second}) t
        WHERE p.site_id = ${site.id} AND p.address LIKE '%Elm House'
          AND substring(p.address from 'Flat ([0-9]+)')::int <= ${upTo}`);
    await copy('approved', 1, 40);
    await copy('approved', 2, 450);

    const d = (await supervisor.get(`/api/sites/${site.id}/dashboard`)).json();
    expect({ flats: d.flats, reports: d.reports, tested: d.flatsTested }).toEqual({
      flats: 453,
      reports: 493,
      tested: 452,
    });
    expect(d.states).toMatchObject({ approved: 452, not_started: 1 });

    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled(60_000);
    // Every approved report: 2 seeded, 450 + 40 copied (the sent-back first attempt is left out).
    expect((await supervisor.get(`/api/evidence-packs/${id}`)).json()).toMatchObject({
      state: 'done',
      done: 492,
      total: 492,
      missing: [],
    });
    const zip = unzipSync(new Uint8Array((await supervisor.get(`/api/evidence-packs/${id}/download`)).rawPayload));
    const names = Object.keys(zip);
    expect(names.filter((n) => n.startsWith('reports/'))).toHaveLength(452);
    expect(names.filter((n) => n.startsWith('earlier-attempts/'))).toHaveLength(40);
    expect(names.filter((n) => n.startsWith('earlier-attempts/Flat 40, Elm House'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('reports/Flat 450, Elm House'))).toHaveLength(1);
    // The summary lists every flat in address order, the latest attempt first.
    const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString());
    const latest = (manifest.files as { path: string }[]).filter((f) => f.path.startsWith('reports/'));
    expect(latest.map((f) => f.path.replace(/ - HIU.*$/, '')).slice(0, 4)).toEqual([
      'reports/Flat 1, Elm House',
      'reports/Flat 1, Oak House',
      'reports/Flat 2, Elm House',
      'reports/Flat 2, Oak House',
    ]);
    // The pack's CSV and dwellings.json are read a page at a time too: every approved report and every flat.
    const csvRows = Buffer.from(zip['reports.csv']!).toString().trim().split('\n');
    expect(csvRows).toHaveLength(1 + 492);
    const dwellings = JSON.parse(Buffer.from(zip['dwellings.json']!).toString()) as {
      dwellings: { property: { address: string }; report: { earlierAttempts: number } | null }[];
    };
    expect(dwellings.dwellings).toHaveLength(453);
    expect(dwellings.dwellings.filter((w) => w.report)).toHaveLength(452);
    expect(dwellings.dwellings.filter((w) => w.report?.earlierAttempts === 1)).toHaveLength(40);
    expect(dwellings.dwellings.at(-1)?.property.address).toBe('Flat 450, Elm House');
  });

  it('lists a flat whose PDF cannot be built as missing with the reason, and still completes', async () => {
    const { supervisor, site, second } = await seeded();
    const db = (await t.database()).db;
    const { reports } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    // Stored data no PDF can be built from, and no stored PDF.
    await db
      .update(reports)
      .set({ wizardData: { photosSignature: { photos: 'not a list' } } as never, pdfFileId: null })
      .where(eq(reports.id, second));
    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const pack = (await supervisor.get(`/api/evidence-packs/${id}`)).json();
    expect(pack.state).toBe('done');
    expect(pack.missing).toEqual([expect.objectContaining({ reportId: second, address: 'Flat 2, Oak House' })]);
    expect(pack.missing[0].reason).toMatch(/could not be built/);
    const zip = unzipSync(new Uint8Array((await supervisor.get(`/api/evidence-packs/${id}/download`)).rawPayload));
    expect(JSON.parse(Buffer.from(zip['manifest.json']!).toString()).missing).toHaveLength(1);
  });

  it('keeps packs to their site: engineers 403, other clients and supervisors 404', async () => {
    const { app, eng, client, supervisor, site } = await seeded();
    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    expect((await eng.get(`/api/evidence-packs/${id}`)).statusCode).toBe(403);
    expect((await eng.get(`/api/evidence-packs/${id}/download`)).statusCode).toBe(403);
    for (const role of ['client', 'supervisor'] as const) {
      const stranger = await signedIn(app, role);
      expect((await stranger.get(`/api/evidence-packs/${id}`)).statusCode).toBe(404);
      expect((await stranger.get(`/api/evidence-packs/${id}/download`)).statusCode).toBe(404);
      expect((await stranger.get(`/api/sites/${site.id}/evidence-packs`)).statusCode).toBe(404);
    }
    expect((await client.get(`/api/sites/${site.id}/evidence-packs`)).json()).toHaveLength(1);
  });

  it('holds approved work only, is refused with a message once superseded, and answers 410 once expired', async () => {
    const { supervisor, eng, site, flats } = await seeded();
    const id = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    await t.jobsSettled();
    const waiting = await submitPassingReport(eng, site, flats[2]!.id, '2026-03-04T10:25:00.000Z');
    await t.jobsSettled();
    const id2 = (await supervisor.post(`/api/sites/${site.id}/evidence-packs`)).json().id;
    expect(id2).not.toBe(id);
    await t.jobsSettled();
    // Approved work only: the report awaiting review is not in it.
    const built = await supervisor.get(`/api/evidence-packs/${id2}/download`);
    expect(built.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(built.rawPayload))).join()).not.toContain('Flat 3');
    // Once that report is approved the pack is superseded: its download says so (docs/product.md#evidence-pack).
    await supervisor.post(`/api/reports/${waiting}/review`, { decision: 'approve' });
    const stale = await supervisor.get(`/api/evidence-packs/${id2}/download`);
    expect([stale.statusCode, stale.json().error.message]).toEqual([410, SUPERSEDED_PACK_MESSAGES.reports_changed]);
    const db = (await t.database()).db;
    const { evidencePacks } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await db
      .update(evidencePacks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(evidencePacks.id, id));
    expect((await supervisor.get(`/api/evidence-packs/${id}/download`)).statusCode).toBe(410);
    // Asked first with HEAD (as the screen does), the refusal comes without a body to save.
    const app = await t.app();
    const head = await app.inject({
      method: 'HEAD',
      url: `/api/evidence-packs/${id}/download`,
      headers: { cookie: supervisor.cookie! },
    });
    expect([head.statusCode, head.body]).toEqual([410, '']);
  });
});

async function ref(who: { get(url: string): Promise<{ json(): { reference: string } }> }, reportId: string) {
  return (await who.get(`/api/reports/${reportId}`)).json().reference;
}
