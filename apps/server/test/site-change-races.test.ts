import { describe, expect, it } from 'vitest';
import { defaultDesignParameters } from '@hiu/domain';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';

const t = useTestApp();
const ROUNDS = 6;

type SiteState = { availableBuildingTypes: string[]; designParameters: { radiators: Record<string, unknown> } };

/** What the database kept: the site, and the types of its properties. */
async function kept(admin: TestClient, siteId: string) {
  const site = (await admin.get(`/api/sites/${siteId}`)).json() as SiteState;
  const list = (await admin.get(`/api/properties?siteId=${siteId}&limit=100`)).json() as {
    items: { propertyType: string }[];
  };
  return { site, propertyTypes: list.items.map((p) => p.propertyType) };
}

// Concurrent requests: whichever order the database takes them in, the check each one made still holds after
// both, and each answer tells the truth about what was kept.
describe('a site change racing the changes its checks depend on', () => {
  it('removing a property type while a property of that type is added: one of them is refused', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    for (let round = 0; round < ROUNDS; round++) {
      const site = await createSite(admin);
      const [patch, post] = await Promise.all([
        admin.patch(`/api/sites/${site.id}`, { availableBuildingTypes: ['1b2p', '2b4p'] }),
        admin.post('/api/properties', { siteId: site.id, address: `Flat ${round}`, propertyType: '3b5p' }),
      ]);
      const { site: after, propertyTypes } = await kept(admin, site.id);
      for (const type of propertyTypes) expect(after.availableBuildingTypes).toContain(type);
      if (post.statusCode === 201) {
        expect(patch.statusCode).toBe(409);
        expect(patch.json().error.fields).toHaveProperty('availableBuildingTypes');
        expect(after.availableBuildingTypes).toContain('3b5p');
      } else {
        expect(post.statusCode).toBe(422);
        expect(patch.statusCode).toBe(200);
        expect(propertyTypes).toEqual([]);
      }
    }
  });

  it("changing a property's type while the site removes that type: one of them is refused", async () => {
    const admin = await signedIn(await t.app(), 'admin');
    for (let round = 0; round < ROUNDS; round++) {
      const site = await createSite(admin);
      const property = await createProperty(admin, site.id, { propertyType: '1b2p' });
      const [patchSite, patchProperty] = await Promise.all([
        admin.patch(`/api/sites/${site.id}`, { availableBuildingTypes: ['1b2p', '2b4p'] }),
        admin.patch(`/api/properties/${property.id}`, { propertyType: '3b5p' }),
      ]);
      const { site: after, propertyTypes } = await kept(admin, site.id);
      for (const type of propertyTypes) expect(after.availableBuildingTypes).toContain(type);
      if (patchProperty.statusCode === 200) {
        expect(patchSite.statusCode).toBe(409);
        expect(propertyTypes).toEqual(['3b5p']);
      } else {
        expect(patchProperty.statusCode).toBe(422);
        expect(patchSite.statusCode).toBe(200);
        expect(propertyTypes).toEqual(['1b2p']);
      }
    }
  });

  it('removing a type while another change gives that type rooms: no rooms are kept for a type the site lacks', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const rooms = { ...defaultDesignParameters(), radiators: { studio: { Hall: { expectedValveSetting: '3' } } } };
    for (let round = 0; round < ROUNDS; round++) {
      const site = await createSite(admin, { availableBuildingTypes: ['1b2p', 'studio'] });
      const [removeType, addRooms] = await Promise.all([
        admin.patch(`/api/sites/${site.id}`, { availableBuildingTypes: ['1b2p'] }),
        admin.patch(`/api/sites/${site.id}`, { designParameters: rooms }),
      ]);
      const { site: after } = await kept(admin, site.id);
      expect(removeType.statusCode).toBe(200);
      expect(after.availableBuildingTypes).toEqual(['1b2p']);
      expect(Object.keys(after.designParameters.radiators)).toEqual([]);
      // Taken first, the rooms were kept until the type went with them; taken second, they were refused.
      if (addRooms.statusCode !== 200) {
        expect(addRooms.statusCode).toBe(422);
        expect(addRooms.json().error.fields).toHaveProperty('designParameters.radiators.studio');
      }
    }
  });
});
