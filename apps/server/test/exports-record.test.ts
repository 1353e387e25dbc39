import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analysisCsvColumns, reportsCsvFileColumns } from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';

// reports.csv's record columns and analysis.csv's pack readings (docs/product.md#csv-export).
const t = useTestApp();

async function submitCp1(eng: TestClient, site: { id: string; name: string }, propertyId: string, at: string) {
  const photoId = await upload(eng, 'photo', JPEG);
  const signatureId = await upload(eng, 'signature', PNG);
  const wizardData = passingCp1Check({ site, propertyId, photoId, signatureId });
  const res = await eng.post('/api/reports', { id: randomUUID(), wizardData, notes: '', completedAt: at });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; reference: string };
}

async function review(reviewer: TestClient, id: string, body: object) {
  const res = await reviewer.post(`/api/reports/${id}/review`, { revision: 1, ...body });
  if (res.statusCode !== 200) throw new Error(`review: ${res.statusCode} ${res.body}`);
}

const rowsOf = (body: string) => Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true });

async function siteWithHistory() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const reviewer = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { name: `Records ${randomUUID().slice(0, 8)}`, testPack: 'cp1-ts1' });
  await admin.put(`/api/sites/${site.id}/members/${reviewer.userId}`);
  const retested = await createProperty(admin, site.id, { address: 'Flat 1, Kiln House', block: 'Kiln', floor: '2' });
  const waiting = await createProperty(admin, site.id, {
    address: 'Flat 2, Kiln House',
    block: 'Kiln',
    floor: 'Ground',
  });
  const first = await submitCp1(eng, site, retested.id, '2026-03-02T10:00:00.000Z');
  await review(reviewer, first.id, { decision: 'send_back', reason: 'Photo unreadable' });
  const second = await submitCp1(eng, site, retested.id, '2026-03-03T10:00:00.000Z');
  await review(reviewer, second.id, { decision: 'approve' });
  const third = await submitCp1(eng, site, waiting.id, '2026-03-04T10:00:00.000Z');
  return { admin, site, first, second, third };
}

describe('reports.csv and analysis.csv as a machine reads them', () => {
  it("adds each report's reference, review, reviewer, decision date, block, floor and whether a re-test replaced it", async () => {
    const { admin, site, first, second, third } = await siteWithHistory();
    const res = await admin.get(`/api/reports/export.csv?siteId=${site.id}`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = rowsOf(res.body);
    expect(meta.fields).toEqual(reportsCsvFileColumns(true));
    const byRef = new Map(data.map((r) => [r['Report Reference'], r]));
    expect(data.map((r) => r['Report Reference'])).toEqual([third.reference, second.reference, first.reference]);
    const record = (ref: string) => {
      const r = byRef.get(ref)!;
      return [r['Review State'], r.Reviewer, r['Decision Date'] !== '', r.Block, r.Floor, r.Superseded];
    };
    expect(record(second.reference)).toEqual(['Approved', 'Sam Supervisor', true, 'Kiln', '2', 'No']);
    expect(record(first.reference)).toEqual(['Sent back', 'Sam Supervisor', true, 'Kiln', '2', 'Yes']);
    expect(record(third.reference)).toEqual(['Awaiting review', '', false, 'Kiln', 'Ground', 'No']);
    expect(byRef.get(second.reference)!['Decision Date']).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  });

  it("lists every pack reading of a CP1 report with the range it was judged against and the rule book's verdict", async () => {
    const { admin, site, second } = await siteWithHistory();
    const res = await admin.get(`/api/reports/analysis.csv?siteId=${site.id}`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = rowsOf(res.body);
    expect(meta.fields).toEqual(analysisCsvColumns());
    const row = data.find((r) => r.Reference === second.reference)!;
    const pack = (meta.fields ?? []).filter((c) => c.startsWith('CP1/TS1 acceptance: ') && c.endsWith(' Verdict'));
    expect(pack.length).toBeGreaterThan(3);
    const judged = pack.filter((c) => row[c] !== '');
    expect(judged.length).toBeGreaterThan(0);
    for (const verdict of judged) {
      const name = verdict.slice(0, -' Verdict'.length);
      expect(row[name], name).not.toBe('');
      expect(row[`${name} Min`] !== '' || row[`${name} Max`] !== '', name).toBe(true);
      expect(row[verdict], name).toBe('PASS');
    }
    const tap = (meta.fields ?? []).find(
      (c) => c.startsWith('CP1/TS1 acceptance: ') && c.includes('Kitchen tap flow'),
    )!;
    expect(row[tap]).not.toBe('');
    expect(row[`${tap} Verdict`]).toBe('PASS');
  });
});
