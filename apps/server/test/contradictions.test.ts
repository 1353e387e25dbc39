import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import { passingCheck, passingCp1Check, PASSING_CP1 } from '@hiu/domain/testing';
import { reports } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** Submits a check of a new flat on a site of the pack, with `change` applied to its data; answers the response. */
async function submitWith(
  pack: 'standard' | 'cp1-ts1',
  change: (data: Record<string, unknown>) => void,
  siteFields: Record<string, unknown> = {},
) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin, { testPack: pack, ...siteFields });
  const flat = await createProperty(admin, site.id);
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const ids = { site, propertyId: flat.id, photoId: photo, signatureId: signature };
  const data = (pack === 'standard' ? passingCheck(ids) : passingCp1Check(ids)) as unknown as Record<string, unknown>;
  change(data);
  const body = { id: randomUUID(), wizardData: data, notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
  return eng.post('/api/reports', body);
}

const cp1 = (values: Partial<typeof PASSING_CP1>) => (d: Record<string, unknown>) =>
  Object.assign(d.cp1 as object, values);

describe('a report whose readings contradict each other', () => {
  it.each([
    [
      'a meter end below its start',
      'standard' as const,
      (d: Record<string, unknown>) => Object.assign(d.photosSignature as object, { meterEnd: '99' }),
      ['wizardData.photosSignature.meterEnd', 'wizardData.meterStart'],
    ],
    [
      'a final energy below the baseline',
      'cp1-ts1' as const,
      cp1({ finalEnergy: '1000', dhwPeakEnergy: '1000', heatingPeakEnergy: '1000' }),
      ['wizardData.cp1.heatingPeakEnergy', 'wizardData.cp1.baselineEnergy'],
    ],
    [
      'a meter volume that went down',
      'cp1-ts1' as const,
      cp1({ dhwPeakVolume: '48.29' }),
      ['wizardData.cp1.dhwPeakVolume', 'wizardData.cp1.heatingPeakVolume'],
    ],
    [
      'a flow at design load far from the same moment meter flow',
      'cp1-ts1' as const,
      cp1({ meterFlowAtDesign: '0.77', heatingPeakFlow: '0.21' }),
      ['wizardData.cp1.meterFlowAtDesign', 'wizardData.cp1.heatingPeakFlow'],
    ],
  ])('refuses %s with 422 naming both fields, storing nothing', async (_name, pack, change, fields) => {
    const res = await submitWith(pack, change);
    expect(res.statusCode, res.body).toBe(422);
    const error = res.json().error;
    for (const f of fields) expect(error.fields[f], f).toMatch(/never counts backwards|Read the meter again/);
    expect(error.message).toBe(error.fields[fields[0]!]);
    expect(await (await t.database()).db.select({ id: reports.id }).from(reports)).toHaveLength(0);
  });

  it('takes readings that agree: totals equal across sets, a meter end equal to its start', async () => {
    const equal = await submitWith('standard', (d) => {
      Object.assign(d.photosSignature as object, { meterEnd: String(d.meterStart) });
    });
    expect(equal.statusCode, equal.body).toBe(201);
    const flat = await submitWith('cp1-ts1', cp1({ finalEnergy: PASSING_CP1.dhwPeakEnergy }));
    expect(flat.statusCode, flat.body).toBe(201);
  });
});

/** A CP1/TS1 site allowing the flow at design load `tolerance` per cent from the meter set's flow. */
const tolerating = (tolerance: string) => {
  const design = defaultDesignParameters();
  return { designParameters: { ...design, cp1: { ...design.cp1, designFlowTolerance: tolerance } } };
};

describe("the flow at design load against the site's design-flow tolerance", () => {
  it('takes flows 15 % apart on a site allowing 20 %, and refuses them just outside it naming both fields', async () => {
    const inside = await submitWith(
      'cp1-ts1',
      cp1({ meterFlowAtDesign: '1', heatingPeakFlow: '0.85' }),
      tolerating('20'),
    );
    expect(inside.statusCode, inside.body).toBe(201);
    const atLimit = await submitWith(
      'cp1-ts1',
      cp1({ meterFlowAtDesign: '1', heatingPeakFlow: '0.8' }),
      tolerating('20'),
    );
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const outside = await submitWith(
      'cp1-ts1',
      cp1({ meterFlowAtDesign: '1', heatingPeakFlow: '0.799' }),
      tolerating('20'),
    );
    expect(outside.statusCode, outside.body).toBe(422);
    const { fields } = outside.json().error;
    for (const f of ['wizardData.cp1.meterFlowAtDesign', 'wizardData.cp1.heatingPeakFlow'])
      expect(fields[f], f).toMatch(/differ by more than the site's design-flow tolerance \(20%\)/);
  });

  it('refuses flows 15 % apart on a site keeping the default 10 %', async () => {
    const res = await submitWith('cp1-ts1', cp1({ meterFlowAtDesign: '1', heatingPeakFlow: '0.85' }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields['wizardData.cp1.meterFlowAtDesign']).toMatch(/tolerance \(10%\)/);
  });
});

describe('energy used during the check beyond power x time', () => {
  it('is a warning, not a refusal: the report is filed with its verdict as it stands', async () => {
    const res = await submitWith('cp1-ts1', (d) => {
      Object.assign(d.cp1 as object, { finalEnergy: String(Number(PASSING_CP1.baselineEnergy) + 500) });
      d.stepCompletedAt = { 'photos-signature': '2026-03-02T10:00:00.000Z' };
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().overallStatus).toBe('PASS');
  });
});
