import {
  DEFAULT_BUILDING_TYPES,
  defaultDesignParameters,
  designParameterErrors,
  type CreateSiteBody,
  type DesignParameters,
  type SiteBulkPlan,
  type UpdateSiteBody,
} from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { changedFields, type Actor } from '../history/entries.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { audited } from './repository.js';

/**
 * Design-parameter checks shared by create and update: ranges are numbers, min <= max, rooms and values per
 * property type only for the site's types.
 */
function checkDesign(designParameters: DesignParameters, types: string[]) {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(designParameterErrors(designParameters))) {
    fields[`designParameters.${path}`] = message;
  }
  for (const type of Object.keys(designParameters.radiators)) {
    if (!types.includes(type))
      fields[`designParameters.radiators.${type}`] = `${type} is not one of the site's property types`;
  }
  for (const type of Object.keys(designParameters.byPropertyType ?? {})) {
    if (!types.includes(type))
      fields[`designParameters.byPropertyType.${type}`] = `${type} is not one of the site's property types`;
  }
  const first = Object.values(fields)[0];
  if (first) throw unprocessable(first, fields);
}

/** `memberId`: a non-admin caller (a manage token) that becomes a member of the site it makes. */
export function createSite(db: Db, actor: Actor, body: CreateSiteBody, memberId?: string) {
  const availableBuildingTypes = body.availableBuildingTypes ?? [...DEFAULT_BUILDING_TYPES];
  const designParameters = body.designParameters ?? defaultDesignParameters();
  checkDesign(designParameters, availableBuildingTypes);
  const { name, location, autoApprovePassing, keepOriginalPhotos, testPack } = body;
  const input = {
    name,
    location,
    availableBuildingTypes,
    designParameters,
    autoApprovePassing,
    keepOriginalPhotos,
    testPack,
  };
  return runCommand(db, actor, async ({ repos, record }) => {
    const id = await repos.sites.insert(input);
    if (memberId) await repos.members.add(id, memberId);
    record({ entityType: 'site', entityId: id, action: 'created', after: audited(input) });
    return (await repos.sites.byId(id))!;
  });
}

export function updateSite(db: Db, actor: Actor, id: string, body: UpdateSiteBody) {
  // The site's row locked first: the checks below and the write they allow see the same site and properties,
  // and a property added or retyped meanwhile waits (or is waited for).
  return runCommand(db, actor, async ({ repos, record }) => {
    const site = await repos.sites.byId(id, 'update');
    if (!site) throw notFound('Site not found');
    const types = body.availableBuildingTypes ?? site.availableBuildingTypes;
    let designParameters = body.designParameters;
    if (body.availableBuildingTypes) {
      const removed = site.availableBuildingTypes.filter((t) => !types.includes(t));
      const inUse = await repos.sites.propertyTypeCounts(site.id);
      const blocking = removed.filter((t) => (inUse.get(t) ?? 0) > 0);
      if (blocking.length > 0) {
        const what = blocking
          .map((t) => `${t} (${inUse.get(t)} ${inUse.get(t) === 1 ? 'property' : 'properties'})`)
          .join(', ');
        const message = `Property type ${what} is still used. Change or delete those properties first.`;
        throw conflict(message, { availableBuildingTypes: message });
      }
      // Removing a type removes its room configuration and its own values (docs/product.md#design-parameters).
      if (!designParameters) {
        const kept = <T>(byType: Record<string, T> | undefined) =>
          Object.fromEntries(Object.entries(byType ?? {}).filter(([t]) => types.includes(t)));
        designParameters = {
          ...site.designParameters,
          radiators: kept(site.designParameters.radiators),
          byPropertyType: kept(site.designParameters.byPropertyType),
        };
      }
    }
    if (designParameters) checkDesign(designParameters, types);
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.location !== undefined ? { location: body.location } : {}),
      ...(body.availableBuildingTypes ? { availableBuildingTypes: types } : {}),
      ...(designParameters ? { designParameters } : {}),
      ...(body.autoApprovePassing !== undefined ? { autoApprovePassing: body.autoApprovePassing } : {}),
      ...(body.keepOriginalPhotos !== undefined ? { keepOriginalPhotos: body.keepOriginalPhotos } : {}),
      // Switching pack changes only checks started after it; reports keep the pack that judged them.
      ...(body.testPack !== undefined ? { testPack: body.testPack } : {}),
    };
    const was = await repos.sites.update(site.id, patch);
    if (!was) throw notFound('Site not found');
    const change = changedFields(audited(was), patch);
    if (Object.keys(change.after).length > 0)
      record({ entityType: 'site', entityId: id, action: 'updated', ...change });
    return (await repos.sites.byId(site.id))!;
  });
}

/** Deletes the site, its properties and their drafts together; reports keep their copy. */
export function deleteSite(db: Db, actor: Actor, id: string) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const was = await repos.sites.delete(id);
    if (!was) throw notFound('Site not found');
    record({ entityType: 'site', entityId: id, action: 'deleted', before: audited(was) });
  });
}

/** Creates everything a checked upload plans, all or nothing. */
export function applySiteBulk(db: Db, actor: Actor, plan: SiteBulkPlan) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const created = await repos.sites.insertBulk(plan);
    record(
      created.map((v) => ({
        entityType: 'site' as const,
        entityId: v.id,
        action: 'created',
        after: { ...audited(v), source: 'bulk upload' },
      })),
    );
  });
}
