import type { Role, SignOffBody, WitnessBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { conflict } from '../http/errors.js';
import type { Actor } from '../history/entries.js';
import { handoverSigned, signOffRequested } from '../notifications/messages.js';

/**
 * A handover sign-off, signed by a person (never a token) on the site. It signs what the signer was shown and
 * confirmed: when the site's approved reports are no longer those, nothing is signed.
 */
export function signOff(
  db: Db,
  signer: NonNullable<Actor> & { role: string },
  siteId: string,
  body: Omit<SignOffBody, 'signature'> & { signature: Buffer },
) {
  return runCommand(db, signer, async ({ repos, record, emit, notify }) => {
    const scope = await repos.signOffs.scope(siteId);
    if (scope.digest !== body.covers)
      throw conflict(
        `The site changed while you were signing: ${scope.coveredFlats} of ${scope.totalFlats} flats are approved now. Check and sign again.`,
      );
    const made = await repos.signOffs.insert(siteId, signer, body, scope);
    record({
      entityType: 'site',
      entityId: siteId,
      action: 'signed_off',
      after: {
        name: body.name,
        role: signer.role,
        ...(body.comment ? { comment: body.comment } : {}),
        coveredFlats: scope.coveredFlats,
        totalFlats: scope.totalFlats,
        digest: scope.digest,
      },
    });
    // The site's office is told (docs/product.md#notifications); the signer knows already.
    const site = await repos.sites.byId(siteId);
    const office = (await repos.members.list(siteId)).filter(
      (m) => (m.role === 'supervisor' || m.role === 'admin') && m.userId !== signer.id,
    );
    notify(
      handoverSigned({
        siteId,
        userIds: office.map((m) => m.userId),
        signerName: made.name,
        signerRole: signer.role as Role,
        siteName: site?.name ?? 'the site',
        coveredFlats: scope.coveredFlats,
        totalFlats: scope.totalFlats,
      }),
    );
    emit('handover.signed', {
      signOffId: made.id,
      siteId,
      name: made.name,
      role: made.role,
      comment: made.comment,
      signedAt: made.signedAt,
      coveredFlats: scope.coveredFlats,
      totalFlats: scope.totalFlats,
      digest: scope.digest,
    });
    return made;
  });
}

export function markWitnessed(db: Db, actor: Actor, property: { id: string; siteId: string }, body: WitnessBody) {
  return runCommand(db, actor, async ({ repos, record }) => {
    await repos.signOffs.witness(property, body, actor?.id ?? null);
    record({
      entityType: 'property',
      entityId: property.id,
      action: 'witnessed',
      after: { name: body.name, role: body.role, date: body.date },
      siteId: property.siteId,
    });
  });
}

/** False when the flat was not marked witnessed. */
export function unmarkWitnessed(db: Db, actor: Actor, property: { id: string; siteId: string }) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const gone = await repos.signOffs.unwitness(property.id);
    if (!gone) return false;
    record({
      entityType: 'property',
      entityId: property.id,
      action: 'unwitnessed',
      before: { name: gone.witnessName, role: gone.witnessRole, date: gone.witnessedOn },
      siteId: property.siteId,
    });
    return true;
  });
}

/**
 * The office asks the site's clients and assessors to sign its handover (docs/product.md#evidence-pack): each is
 * told in their inbox (and by email and push where on), and the history keeps who asked. Refused while the site
 * has no one to ask.
 */
export function requestSignOff(db: Db, actor: NonNullable<Actor>, siteId: string, message: string) {
  return runCommand(db, actor, async ({ repos, record, notify }) => {
    const signers = (await repos.members.list(siteId)).filter(
      (m) => m.active && (m.role === 'client' || m.role === 'assessor'),
    );
    if (signers.length === 0)
      throw conflict('No client or assessor belongs to this site yet. Add one to the site first, then ask again.');
    const [site, scope] = await Promise.all([repos.sites.byId(siteId), repos.signOffs.scope(siteId)]);
    notify(
      signOffRequested({
        siteId,
        userIds: signers.map((m) => m.userId),
        askedBy: actor.name,
        siteName: site?.name ?? 'the site',
        coveredFlats: scope.coveredFlats,
        totalFlats: scope.totalFlats,
        message,
      }),
    );
    record({
      entityType: 'site',
      entityId: siteId,
      action: 'sign_off_requested',
      after: { asked: signers.map((m) => m.name), ...(message ? { message } : {}) },
    });
    return { asked: signers.length };
  });
}
