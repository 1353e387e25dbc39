import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passingCheck, type CheckOptions } from '@hiu/domain/testing';
import { reports } from '../src/db/schema.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { JPEG, PNG, upload } from './helpers/report-files.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** Submits a standard check of a new flat with this step 4; answers the response and who can read it back. */
async function submitWith(radiators: CheckOptions['radiators']) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const site = await createSite(admin);
  const flat = await createProperty(admin, site.id);
  const wizardData = passingCheck({
    site,
    propertyId: flat.id,
    dwellingType: '1b2p',
    photoId: await upload(eng, 'photo', JPEG),
    signatureId: await upload(eng, 'signature', PNG),
    radiators,
  });
  const body = { id: randomUUID(), wizardData, notes: '', completedAt: '2026-03-02T10:25:00.000Z' };
  return { res: await eng.post('/api/reports', body), admin, site };
}

const stored = async () => (await t.database()).db.select({ id: reports.id }).from(reports);

// docs/product.md#steps: a room, or step 4, not carried out says why; the server holds it as the phone does.
describe('step 4 not applicable', () => {
  it.each([
    [
      'the whole step, with no reason',
      { roomChecks: {}, notApplicable: true, notApplicableReason: '  ' },
      'wizardData.radiators.notApplicableReason',
      'Say why this step is not applicable',
    ],
    [
      'a room, with no reason',
      {
        roomChecks: {
          Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' },
          Kitchen: { valveSetting: '', expectedValveSetting: '', notApplicable: true },
        },
      },
      'wizardData.radiators.roomChecks.Kitchen.notApplicableReason',
      'Say why Kitchen is not applicable',
    ],
  ])('refuses %s with 422 naming the field, storing nothing', async (_name, radiators, field, message) => {
    const { res } = await submitWith(radiators);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it('stores a step not applicable with its reason as a PASS, read back and exported with the reason', async () => {
    const reason = 'Underfloor heating only, no radiators';
    const { res, admin, site } = await submitWith({ roomChecks: {}, notApplicable: true, notApplicableReason: reason });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS' });
    const detail = (await admin.get(`/api/reports/${res.json().id}`)).json();
    expect(detail.wizardData.radiators).toEqual({ roomChecks: {}, notApplicable: true, notApplicableReason: reason });
    const csv = (await admin.get(`/api/reports/export.csv?siteId=${site.id}`)).body;
    expect(csv).toContain(`"Not applicable: ${reason}"`);
  });

  it('stores a room not applicable with its reason, not judged, the other rooms judged as before', async () => {
    const kitchen = {
      valveSetting: '',
      expectedValveSetting: '',
      notApplicable: true,
      notApplicableReason: 'Boxed in',
    };
    const { res, admin } = await submitWith({
      roomChecks: { Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' }, Kitchen: kitchen },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ overallStatus: 'PASS' });
    const detail = (await admin.get(`/api/reports/${res.json().id}`)).json();
    expect(detail.wizardData.radiators.roomChecks.Kitchen).toEqual(kitchen);
  });

  it("keeps an older report's step 4 as it was sent: rooms only, nothing added", async () => {
    const { res, admin } = await submitWith({
      roomChecks: { Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await admin.get(`/api/reports/${res.json().id}`)).json();
    expect(detail.wizardData.radiators).toEqual({
      roomChecks: { Hall: { valveSetting: '2.5', expectedValveSetting: '2.5' } },
    });
  });
});
