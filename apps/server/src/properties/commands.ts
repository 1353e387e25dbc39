import type { Site } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand, type UnitOfWork } from '../db/unit-of-work.js';
import { changedFields, type Actor } from '../history/entries.js';
import { notFound, unprocessable } from '../http/errors.js';
import { ADDRESS_EXISTS } from './repository.js';

/** The site's own spelling of a type, matched case-insensitively; undefined when the site has no such type. */
export function siteTypeFor(site: Pick<Site, 'availableBuildingTypes'>, type: string): string | undefined {
  const t = type.trim().toLowerCase();
  return site.availableBuildingTypes.find((x) => x.toLowerCase() === t);
}

const notATypeMessage = (site: Site, type: string) =>
  `${type} is not one of this site's property types (${site.availableBuildingTypes.join(', ') || 'none'})`;

const typeOr422 = (site: Site, type: string, field = 'propertyType') => {
  const found = siteTypeFor(site, type);
  if (!found) throw unprocessable(notATypeMessage(site, type), { [field]: notATypeMessage(site, type) });
  return found;
};

/**
 * The site, its row shared until the command ends: its types cannot change while a property is checked
 * against them (a site change removing the type counts this property or refuses it).
 */
async function siteOr404({ repos }: UnitOfWork, id: string): Promise<Site> {
  const site = await repos.sites.byId(id, 'share');
  if (!site) throw notFound('Site not found');
  return site;
}

export function createProperty(
  db: Db,
  actor: Actor,
  body: { siteId: string; address: string; propertyType: string; block?: string; floor?: string },
) {
  return runCommand(db, actor, async (uow) => {
    const site = await siteOr404(uow, body.siteId);
    const row = await uow.repos.properties.insert({
      siteId: site.id,
      address: body.address,
      propertyType: typeOr422(site, body.propertyType),
      block: body.block ?? '',
      floor: body.floor ?? '',
    });
    const { id, ...after } = row;
    uow.record({ entityType: 'property', entityId: id, action: 'created', after });
    return row;
  });
}

export function updateProperty(
  db: Db,
  actor: Actor,
  property: { id: string; siteId: string },
  body: { address?: string; propertyType?: string; block?: string; floor?: string },
) {
  const { address, propertyType, block, floor } = body;
  if ([address, propertyType, block, floor].every((v) => v === undefined)) throw unprocessable('Nothing to update');
  return runCommand(db, actor, async (uow) => {
    const site = await siteOr404(uow, property.siteId);
    const patch = {
      ...(address !== undefined ? { address } : {}),
      ...(propertyType !== undefined ? { propertyType: typeOr422(site, propertyType) } : {}),
      ...(block !== undefined ? { block } : {}),
      ...(floor !== undefined ? { floor } : {}),
    };
    const updated = await uow.repos.properties.update(property.id, patch);
    if (!updated) throw notFound('Property not found');
    const change = changedFields(updated.was, patch);
    if (Object.keys(change.after).length > 0)
      uow.record({
        entityType: 'property',
        entityId: property.id,
        action: 'updated',
        siteId: updated.was.siteId,
        ...change,
      });
    return updated.now;
  });
}

/** Deletes the property and its drafts together; reports keep their copy. */
export function deleteProperty(db: Db, actor: Actor, id: string) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const was = await repos.properties.delete(id);
    if (!was) throw notFound('Property not found');
    const { id: _id, ...before } = was;
    record({ entityType: 'property', entityId: id, action: 'deleted', before });
  });
}

/**
 * A property import, all or nothing: every row checked (type, repeated or existing address, "Assigned To" an
 * engineer of the site), then inserted with its assignments, one history entry per assignment and one for the
 * import, and a webhook event per engineer assigned.
 */
export function importProperties(
  db: Db,
  actor: Actor,
  body: {
    siteId: string;
    properties: { address: string; propertyType: string; assignedTo?: string; block?: string; floor?: string }[];
  },
) {
  return runCommand(db, actor, async (uow) => {
    const { repos } = uow;
    const site = await siteOr404(uow, body.siteId);
    const fields: Record<string, string> = {};
    const seen = new Map<string, number>();
    const rows = body.properties.map((p, i) => {
      const type = siteTypeFor(site, p.propertyType);
      if (!type) fields[`properties.${i}.propertyType`] = notATypeMessage(site, p.propertyType);
      const key = p.address.toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined) fields[`properties.${i}.address`] = `Same address as item ${earlier + 1}`;
      else seen.set(key, i);
      return {
        address: p.address,
        propertyType: type ?? p.propertyType,
        assignedTo: p.assignedTo?.toLowerCase(),
        block: p.block,
        floor: p.floor,
      };
    });
    // "Assigned To": an active engineer who is a member of this site, by email.
    const emails = rows.flatMap((r) => (r.assignedTo ? [r.assignedTo] : []));
    const engineers = emails.length ? await repos.assignments.engineersByEmail(site.id, emails) : new Map();
    rows.forEach((r, i) => {
      if (r.assignedTo && !engineers.has(r.assignedTo))
        fields[`properties.${i}.assignedTo`] = `${r.assignedTo} is not an engineer on this site`;
    });
    const existing = await repos.properties.existingAddresses(
      site.id,
      rows.map((r) => r.address),
    );
    rows.forEach((r, i) => {
      if (existing.has(r.address.toLowerCase())) fields[`properties.${i}.address`] ??= ADDRESS_EXISTS;
    });
    const first = Object.values(fields)[0];
    if (first) {
      const count = Object.keys(fields).length;
      const message = count === 1 ? first : `${count} properties cannot be imported; the first: ${first}`;
      throw unprocessable(message, fields);
    }

    const ids = await repos.properties.insertMany(site.id, rows);
    const assigned = rows.flatMap((r, i) =>
      r.assignedTo
        ? [
            {
              propertyId: ids[i]!,
              siteId: site.id,
              engineerId: engineers.get(r.assignedTo)!,
              assignedBy: actor?.id ?? null,
            },
          ]
        : [],
    );
    await repos.assignments.insertNew(assigned);
    const byEngineer = new Map<string, typeof assigned>();
    for (const a of assigned) byEngineer.set(a.engineerId, [...(byEngineer.get(a.engineerId) ?? []), a]);
    for (const [engineerId, list] of byEngineer)
      uow.emit('property.assigned', {
        siteId: site.id,
        engineerId,
        dueDate: null,
        propertyIds: list.map((a) => a.propertyId),
        assignedBy: actor ? { id: actor.id, name: actor.name } : null,
      });
    uow.record(
      assigned.map((a) => ({
        entityType: 'assignment' as const,
        entityId: a.propertyId,
        action: 'assigned',
        after: { siteId: site.id, engineerId: a.engineerId, dueDate: null },
      })),
    );
    // One entry per import: its rows are the import's own data, kept by the properties themselves.
    uow.record({ entityType: 'site', entityId: site.id, action: 'properties_imported', after: { count: rows.length } });
    return rows.length;
  });
}
