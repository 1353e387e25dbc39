import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { defaultDesignParameters, DWELLINGS_VERSION, type Dwellings, type SiteDashboard } from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';
import { createProperty, createSite } from './helpers/admin-data.js';
import { hasPdftotext, JPEG, PNG, pdfText, upload } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

// Each radiator's ΔT and the underfloor zone flows in every export, and each flat drawn against its own property
// type's ranges (docs/product.md#test-packs, #dashboard, #evidence-pack, #dwellings-export).
const t = useTestApp();
const V3 = { id: 'cp1-ts1', version: 3 };

/** The published JSON Schema of dwellings.json, as a reader's system would check a file against it. */
const validDwellings = (() => {
  const schema = JSON.parse(readFileSync(new URL('../../../docs/dwellings.schema.json', import.meta.url), 'utf8'));
  // The uuid format is also a pattern in the schema, which is checked; other formats are not used.
  const ajv = new Ajv2020({ allErrors: true, formats: { uuid: true } });
  return ajv.compile(schema);
})();

/**
 * A CP1/TS1 site whose heating primary return is at most 60 °C, and at most 50 °C for its 3b5p flats, which alone
 * have a design flow (0.5 m³/h; each check's heating peak flow is 0.5 m³/h); three flats
 * checked under version 3 of the pack: a 1b2p one at 55 °C with radiator and zone readings, a 3b5p one at 45 °C,
 * and a 3b5p one at 55 °C (a failure of its type), each approved as recorded when `approve` (the pack's own view).
 */
async function site(approve = false) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const made = await createSite(admin, {
    name: `Types ${randomUUID().slice(0, 8)}`,
    testPack: 'cp1-ts1',
    designParameters: {
      ...defaultDesignParameters(),
      // A design flow for the 3b5p flats only (0.45-0.55 m³/h at 10 %): the 1b2p flat is not judged on it.
      byPropertyType: { '3b5p': { heating: { primaryReturnTempMax: '50' }, cp1: { designFlow: '0.5' } } },
    },
  });
  await admin.put(`/api/sites/${made.id}/members/${supervisor.userId}`);
  const submit = async (address: string, type: string, primaryReturn: string, cp1: Record<string, unknown> = {}) => {
    const flat = await createProperty(admin, made.id, { address, propertyType: type });
    const photoId = await upload(eng, 'photo', JPEG);
    const signatureId = await upload(eng, 'signature', PNG);
    const wizardData = passingCp1Check({
      site: made,
      propertyId: flat.id,
      dwellingType: type,
      photoId,
      signatureId,
      testPack: V3,
      heatingMode: { primaryReturn },
      cp1,
    } as Parameters<typeof passingCp1Check>[0]);
    const body = { id: randomUUID(), wizardData, notes: 'Primary return', completedAt: '2026-03-02T10:25:00.000Z' };
    const res = await eng.post('/api/reports', body);
    expect(res.statusCode, res.body).toBe(201);
    if (approve) {
      const review = await supervisor.post(`/api/reports/${res.json().id}/review`, { decision: 'approve' });
      expect(review.statusCode, review.body).toBe(200);
    }
    return res.json() as { id: string; reference: string; overallStatus: string };
  };
  const withRooms = await submit('Flat 1, Elm House', '1b2p', '55', {
    radiatorTemps: { Hall: { flow: '55', return: '45' }, 'Bedroom 1': { flow: '50', return: '48' } },
    underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
  });
  const cool = await submit('Flat 2, Elm House', '3b5p', '45');
  const warm = await submit('Flat 3, Elm House', '3b5p', '55');
  return { admin, supervisor, site: made, withRooms, cool, warm };
}

describe('radiators, zones and per-type ranges in the exports and the dashboard', () => {
  it("analysis.csv, dwellings.json and the dashboard carry the radiators and zones, each flat by its type's range", async () => {
    const { admin, supervisor, site: s, withRooms, cool, warm } = await site();
    // Each flat judged by its type's range: a 3b5p flat at 55 °C fails where a 1b2p flat passes.
    expect([withRooms.overallStatus, cool.overallStatus, warm.overallStatus]).toEqual(['PASS', 'PASS', 'FAIL']);

    // analysis.csv: each radiator's ΔT, the lowest ΔT with its range and verdict, and the zone flows.
    const res = await admin.get(`/api/reports/analysis.csv?siteId=${s.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    const row = (reference: string) => rows.find((r) => r.Reference === reference)!;
    const lowest = 'CP1/TS1 acceptance: Radiators: lowest ΔT (K)';
    expect(row(withRooms.reference)).toMatchObject({
      'CP1/TS1 acceptance: Radiators: flow / return (°C), ΔT (K)':
        'Hall: 55/45 °C, ΔT 10 K; Bedroom 1: 50/48 °C, ΔT 2 K',
      [lowest]: '2',
      [`${lowest} Min`]: '0',
      [`${lowest} Max`]: '',
      [`${lowest} Verdict`]: 'PASS',
      'CP1/TS1 acceptance: Underfloor zones: flow (L/min)': 'Bathroom: 2.5 L/min',
    });
    expect(row(cool.reference)).toMatchObject({ [lowest]: '', [`${lowest} Verdict`]: '' });
    const max = 'Heating Checks: Primary Return Temperature (°C) Max';
    expect([row(withRooms.reference)[max], row(cool.reference)[max]]).toEqual(['60', '50']);

    // dwellings.json, version 4: each radiator and zone, valid against the published schema.
    const dwellings = await supervisor.get(`/api/sites/${s.id}/dwellings`);
    expect(dwellings.statusCode).toBe(200);
    const body = dwellings.json() as Dwellings;
    expect(validDwellings(body), JSON.stringify(validDwellings.errors)).toBe(true);
    expect(body.version).toBe(DWELLINGS_VERSION);
    expect(DWELLINGS_VERSION).toBe(4);
    const [one, two] = body.dwellings;
    const radiator = { unit: '°C', deltaTUnit: 'K', range: { min: 0, max: null }, verdict: 'pass' };
    expect(one!.radiators).toEqual([
      { room: 'Hall', flow: 55, return: 45, deltaT: 10, ...radiator },
      { room: 'Bedroom 1', flow: 50, return: 48, deltaT: 2, ...radiator },
    ]);
    expect(one!.underfloorZones).toEqual([{ name: 'Bathroom', flowRate: 2.5, unit: 'L/min' }]);
    expect(two).toMatchObject({ radiators: [], underfloorZones: [] });
    // A file with a field the schema does not describe is refused, as a strict reader would.
    expect(validDwellings({ ...body, dwellings: [{ ...one, extra: 1 }] })).toBe(false);

    // The dashboard: low returns on a CP1/TS1 site (at most, no minimum), the 3b5p flats against 50 °C and the
    // 1b2p one against 60 °C, a chart each.
    const d = (await supervisor.get(`/api/sites/${s.id}/dashboard`)).json() as SiteDashboard;
    const heating = d.distributions.find((x) => x.id === 'heatingPrimaryReturn')!;
    expect(heating.groups.map((g) => ({ types: g.types, range: g.range, count: g.count, inRange: g.inRange }))).toEqual(
      [
        { types: ['1b2p'], range: { min: null, max: 60 }, count: 1, inRange: 1 },
        { types: ['3b5p'], range: { min: null, max: 50 }, count: 2, inRange: 1 },
      ],
    );
    expect(heating).toMatchObject({ count: 3, inRange: 2 });
    // The pack's own readings are drawn too: the heating peak flow against each type's design flow.
    const flow = d.distributions.find((x) => x.id === 'cp1.heatingPeakFlow')!;
    expect(flow.groups.map((g) => ({ types: g.types, range: g.range, count: g.count, inRange: g.inRange }))).toEqual([
      { types: ['1b2p'], range: { min: null, max: null }, count: 1, inRange: 0 },
      { types: ['3b5p'], range: { min: 0.45, max: 0.55 }, count: 2, inRange: 2 },
    ]);
    expect(d.distributions.find((x) => x.id === 'cp1.peakReturn')).toMatchObject({ count: 3, inRange: 3 });
    // The report PDFs the submits queued are built before the next test wipes the data.
    await t.jobsSettled(150_000);
  }, 300_000);

  it.runIf(hasPdftotext)(
    "summary.pdf prints each radiator and zone, a chart per type's range and each type's own ranges",
    async () => {
      const { supervisor, site: s } = await site(true);
      const id = (await supervisor.post(`/api/sites/${s.id}/evidence-packs`)).json().id;
      await t.jobsSettled(150_000);
      const zip = unzipSync(new Uint8Array((await supervisor.get(`/api/evidence-packs/${id}/download`)).rawPayload));
      const text = pdfText(Buffer.from(zip['summary.pdf']!)).replace(/\s+/g, ' ');
      // The standard fonts have no Δ or ≥: the words instead.
      expect(text).toContain(
        'Hall radiator flow / return: 55 / 45 °C, delta T 10 K (Return not above flow (delta T >= 0 K)) PASS',
      );
      expect(text).toContain('Bedroom 1 radiator flow / return: 50 / 48 °C, delta T 2 K');
      expect(text).toContain('Underfloor zone Bathroom flow: 2.5 L/min (recorded)');
      expect(text).toContain('Heating primary return (1b2p): 1 flat, 1 in range <= 60 °C');
      expect(text).toContain('Heating primary return (3b5p): 2 flats, 1 in range <= 50 °C');
      // The pack's readings drawn too: the design flow by type (the 1b2p flats have none), the two-outlet return.
      expect(text).toContain('Heating peak flow (1b2p): 1 flat, not judged (no design value set), median 0.5 m³/h');
      expect(text).toContain('Heating peak flow (3b5p): 2 flats, 2 in range 0.45-0.55 m³/h, median 0.5 m³/h');
      expect(text).toContain('Primary return, two outlets open: 3 flats, 3 in range <= 25 °C, median 22 °C');
      // Its range listed with the others, though only the 3b5p flats have one.
      expect(text).toContain('Heating peak flow not set 0.45-0.55 m³/h');
      // The ranges used: the site's, and the 3b5p flats' own where they differ.
      expect(text).toMatch(/Reading Site 3b5p/);
      expect(text).toContain('Heating Checks: Primary Return Temperature <= 60 °C <= 50 °C');
      expect(text).toContain('Heating Checks: Primary Flow Temperature 60-70 °C as site');
      expect(text).toContain('1b2p: as the site.');
      const dwellings = JSON.parse(Buffer.from(zip['dwellings.json']!).toString()) as Dwellings;
      expect(validDwellings(dwellings), JSON.stringify(validDwellings.errors)).toBe(true);
      expect(dwellings.dwellings[0]!.radiators).toHaveLength(2);
    },
    300_000,
  );
});
