import { createHash, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';

const t = useTestApp();
/** Submits, reviews and a pack's PDFs take well over the default 30 s on a loaded 2-core machine. */
const PACK_BUILD_MS = 180_000;

/**
 * What one CP1/TS1 check below records beyond a passing one: when, the devices' serials (`serials: 'W-1'` is the HIU
 * HIU-W-1 and the heat meter MTR-W-1), its issues and the readings it changes.
 */
interface Cp1Check {
  at: string;
  serials: string;
  issues?: object[];
  cp1?: Record<string, string>;
}

async function submitCp1(
  eng: TestClient,
  site: { id: string; name: string },
  propertyId: string,
  { at, serials, issues = [], cp1 = {} }: Cp1Check,
) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const data = passingCp1Check({ site, propertyId, photoId: photo, signatureId: signature, cp1 });
  const wizardData = {
    ...data,
    hiuSerial: `HIU-${serials}`,
    cp1: { ...(data.cp1 as object), meterSerial: `MTR-${serials}`, ...(issues.length ? { issues } : {}) },
  };
  const id = randomUUID();
  // A failing check needs the engineer's note.
  const notes = Object.keys(cp1).length ? 'Low flow at the kitchen tap' : '';
  const res = await eng.post('/api/reports', { id, wizardData, notes, completedAt: at });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return id;
}

/** A CP1/TS1 site of the given name with an admin, an engineer and a supervisor of the site, who reviews. */
async function cp1Site(name: string) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const site = await createSite(admin, { name, testPack: 'cp1-ts1' });
  await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
  const flat = (address: string) => createProperty(admin, site.id, { address, propertyType: '2b4p' });
  const review = async (id: string, body: object) => {
    const res = await supervisor.post(`/api/reports/${id}/review`, body);
    if (res.statusCode !== 200) throw new Error(`review: ${res.statusCode} ${res.body}`);
  };
  return { eng, supervisor, site, flat, review };
}

/** The supervisor builds the site's evidence pack and downloads it: the answer and the ZIP's files by path. */
async function downloadedPack(supervisor: TestClient, siteId: string) {
  const id = (await supervisor.post(`/api/sites/${siteId}/evidence-packs`)).json().id;
  await t.jobsSettled(150_000);
  const res = await supervisor.get(`/api/evidence-packs/${id}/download`);
  return { res, zip: unzipSync(new Uint8Array(res.rawPayload)) };
}

/** summary.pdf's text, its white space folded. */
const summaryText = (zip: Record<string, Uint8Array>) => pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');

describe.runIf(hasPdftotext)('summary.pdf as a handover document', () => {
  it(
    "prints each flat's review state, its address in full and an asset register of HIU and heat meter serials",
    async () => {
      const { eng, supervisor, site, flat, review } = await cp1Site(`Register ${Math.random()}`);
      const long = 'Flat 12, The Old Grain Warehouse East Wing, Riverside Quarter';
      const approved = await flat(long);
      const sentBack = await flat('Flat 2, Mill House');
      const waiting = await flat('Flat 3, Mill House');
      const a = await submitCp1(eng, site, approved.id, {
        at: '2026-03-02T10:00:00.000Z',
        serials: 'SER-0001',
        issues: [
          {
            id: randomUUID(),
            description: 'Lagging missing on the primary flow',
            owner: 'installer',
            due: '2026-04-01',
          },
          {
            id: randomUUID(),
            description: 'Isolation valve label missing',
            owner: 'installer',
            due: '2026-03-01',
            resolved: true,
            closingComment: 'Label fitted by the installer on the day',
          },
        ],
      });
      await review(a, { decision: 'approve' });
      const b = await submitCp1(eng, site, sentBack.id, { at: '2026-03-02T11:00:00.000Z', serials: 'SER-0002' });
      await review(b, { decision: 'send_back', reason: 'Photo unreadable' });
      await submitCp1(eng, site, waiting.id, { at: '2026-03-02T12:00:00.000Z', serials: 'SER-0003' });

      const text = summaryText((await downloadedPack(supervisor, site.id)).zip);
      // Review states in words, not all "Failed".
      for (const s of ['Approved', 'Sent back', 'Awaiting review']) expect(text, s).toContain(s);
      // The asset register: the approved flat's HIU and meter as recorded; work not approved shows none.
      expect(text).toContain('Asset register');
      expect(text).toContain('HIU-SER-0001');
      expect(text).toContain('MTR-SER-0001');
      expect(text).not.toContain('HIU-SER-0002');
      // The pack named, its own ranges listed, its issues shown with who acts and by when.
      expect(text).toMatch(/Test pack CP1\/TS1 acceptance, version \d/);
      expect(text).toContain('Open issues 1');
      expect(text).toContain('DHW Checks: Primary return, two outlets open <= 25 °C');
      expect(text).toContain('Lagging missing on the primary flow');
      expect(text).toContain('01/04/2026');
      // A closed issue says how it was put right, by whom and when, as a network-wide one does.
      expect(text).toContain('Isolation valve label missing');
      expect(text).toContain('Label fitted by the installer on the day');
      expect(text).toContain('(Eddie Engineer, 02/03/2026');
      // Wrapped, never cut: every word of the long address is there and nothing ends in an ellipsis.
      for (const word of long.split(' ')) expect(text, word).toContain(word);
      expect(text).not.toContain('…');
    },
    PACK_BUILD_MS,
  );

  it(
    "tells each flat's failure reasons, pack readings against their ranges and earlier attempts; the cover has the pack's hash",
    async () => {
      const { eng, supervisor, site, flat, review } = await cp1Site(`Story ${randomUUID().slice(0, 6)}`);
      const weak = await flat('Flat 1, Tap House');
      const redone = await flat('Flat 2, Tap House');
      // A failure approved as recorded, then a passing re-test.
      const failed = await submitCp1(eng, site, weak.id, {
        at: '2026-03-02T09:00:00.000Z',
        serials: 'W-0',
        cp1: { kitchenTapFlow: '1' },
      });
      await review(failed, { decision: 'approve' });
      const passed = await submitCp1(eng, site, weak.id, {
        at: '2026-03-03T09:00:00.000Z',
        serials: 'W-1',
        issues: [
          { id: randomUUID(), description: 'Balancing valve label missing', owner: 'installer', due: '2026-05-01' },
        ],
      });
      await review(passed, { decision: 'approve' });
      // Sent back, then re-tested and approved.
      const back = await submitCp1(eng, site, redone.id, { at: '2026-03-02T10:00:00.000Z', serials: 'R-0' });
      await review(back, { decision: 'send_back', reason: 'Strainer photo unreadable' });
      const again = await submitCp1(eng, site, redone.id, { at: '2026-03-04T10:00:00.000Z', serials: 'R-1' });
      await review(again, { decision: 'approve' });

      const { res, zip } = await downloadedPack(supervisor, site.id);
      const manifest = JSON.parse(Buffer.from(zip['manifest.json']!).toString()) as {
        packSha256: string;
        files: { path: string; sha256: string }[];
      };
      // The pack's hash: of every file but the summary, as sha256sum lists them, sorted by path; the ZIP's name starts it.
      const listed = manifest.files
        .filter((f) => f.path !== 'summary.pdf')
        .map((f) => `${createHash('sha256').update(zip[f.path]!).digest('hex')}  ${f.path}\n`)
        .sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1))
        .join('');
      expect(manifest.packSha256).toBe(createHash('sha256').update(listed).digest('hex'));
      expect(String(res.headers['content-disposition'])).toContain(manifest.packSha256.slice(0, 8));

      const text = summaryText(zip);
      expect(text).toContain(manifest.packSha256);
      expect(text).toMatch(/CP1\/TS1 acceptance, version \d/);
      for (const serial of ['HIU-W-1', 'MTR-W-1', 'HIU-R-1', 'MTR-R-1']) expect(text, serial).toContain(serial);
      expect(text).toContain('Balancing valve label missing');
      // Flat by flat: the pack's key readings against their ranges, and the attempts before with date and reason.
      expect(text).toContain('Flat by flat');
      expect(text).toMatch(/Kitchen tap flow: 7 L\/min \([^)]*\) PASS/);
      expect(text).toContain('02/03/2026 FAIL');
      expect(text).toMatch(/02\/03\/2026 FAIL: [^:]*[Kk]itchen tap flow/);
      // (pdftotext reads a table row across its columns, so a wrapped cell's lines come apart.)
      expect(text).toContain('02/03/2026 PASS: Sent back:');
      expect(text).toContain('Strainer photo unreadable');
    },
    PACK_BUILD_MS,
  );
});
