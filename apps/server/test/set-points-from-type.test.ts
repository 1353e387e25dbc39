import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import { createSite } from './helpers/admin-data.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

// The set-points a check starts with, for the site and per property type (docs/product.md#values-per-property-type).
const t = useTestApp();

describe("a unit's set-points as design values", () => {
  it('keeps them for the site and for a type; a site given none has them empty', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    const created = (await admin.get(`/api/sites/${site.id}`)).json();
    expect(created.designParameters.cp1).toMatchObject({
      dhwSetPoint: '',
      dhwSetPointTolerance: '',
      heatingSetPoint: '',
    });
    const designParameters = {
      ...defaultDesignParameters(),
      cp1: { ...defaultDesignParameters().cp1, dhwSetPoint: '55' },
      byPropertyType: { '3b5p': { cp1: { dhwSetPoint: '60', dhwSetPointTolerance: '3', heatingSetPoint: '70' } } },
    };
    const res = await admin.patch(`/api/sites/${site.id}`, { designParameters });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await admin.get(`/api/sites/${site.id}`)).json();
    expect(stored.designParameters.cp1.dhwSetPoint).toBe('55');
    expect(stored.designParameters.byPropertyType['3b5p'].cp1).toEqual({
      dhwSetPoint: '60',
      dhwSetPointTolerance: '3',
      heatingSetPoint: '70',
    });
  });

  it('refuses a set-point no unit can be set to, naming the site or the type value (422)', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const site = await createSite(admin);
    const res = await admin.patch(`/api/sites/${site.id}`, {
      designParameters: {
        ...defaultDesignParameters(),
        cp1: { ...defaultDesignParameters().cp1, heatingSetPoint: '95.1' },
        byPropertyType: { '3b5p': { cp1: { dhwSetPoint: '29' } } },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      'designParameters.cp1.heatingSetPoint': 'Enter 20 to 95 °C',
      'designParameters.byPropertyType.3b5p.cp1.dhwSetPoint': 'Enter 30 to 80 °C',
    });
    const kept = (await admin.get(`/api/sites/${site.id}`)).json();
    expect(kept.designParameters.cp1.heatingSetPoint).toBe('');
  });
});
