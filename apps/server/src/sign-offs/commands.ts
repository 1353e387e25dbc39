import { SUPERSEDED_PACK_MESSAGES, type Role, type SignOffBody, type WitnessBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import type { SignedPack } from './repository.js';
import type { Actor } from '../history/entries.js';
import { handoverSigned, signOffRequested } from '../notifications/messages.js';

/**
 * A handover sign-off, signed by a person (never a token) on the site (docs/product.md#evidence-pack). It signs
 * one built pack, the site's current one, which the signer was shown: that pack's approved reports, its SHA-256
 * and build date are kept with it (decision 256). Refused while reports await review, unless the signer says why.
 */
export function signOff(
  db: Db,
  signer: NonNullable<Actor> & { role: string },
  siteId: string,
  body: Omit<SignOffBody, 'signature'> & { signature: Buffer },
) {
  return runCommand(db, signer, async ({ repos, record, emit, notify }) => {
    const pack = await repos.evidencePacks.get(body.packId);
    if (!pack || pack.siteId !== siteId) throw notFound('Evidence pack not found');
    if (pack.state !== 'done' || !pack.holds || !pack.attests || !pack.sha256 || !pack.finishedAt)
      throw conflict('This pack is not built yet. Wait until it is built, then sign it.');
    if (pack.superseded)
      throw conflict(`Only the current pack can be signed. ${SUPERSEDED_PACK_MESSAGES[pack.superseded]}`);
    if (pack.expiresAt && Date.parse(pack.expiresAt) < Date.now())
      throw conflict('This pack has expired. Build it again, then sign the new pack.');
    const waiting = await repos.signOffs.awaitingReview(siteId);
    if (waiting.length > 0 && !body.exception) {
      const message = `${waiting.length} report${waiting.length === 1 ? ' awaits' : 's await'} review: ${waiting.join('; ')}. Sign once they are reviewed, or say why you sign now.`;
      throw new HttpError(409, 'awaiting_review', message, { exception: message });
    }
    const signed: SignedPack = {
      id: pack.id,
      sha256: pack.sha256,
      builtAt: new Date(pack.finishedAt),
      flats: pack.attests.flats,
      holds: pack.holds,
    };
    const made = await repos.signOffs.insert(siteId, signer, body, signed);
    const coveredFlats = signed.holds.length;
    record({
      entityType: 'site',
      entityId: siteId,
      action: 'signed_off',
      after: {
        name: body.name,
        role: signer.role,
        ...(body.comment ? { comment: body.comment } : {}),
        packId: signed.id,
        packSha256: signed.sha256,
        coveredFlats,
        totalFlats: signed.flats,
        digest: made.digest,
        ...(body.exception ? { exception: body.exception, awaitingReview: waiting.length } : {}),
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
        coveredFlats,
        totalFlats: signed.flats,
      }),
    );
    emit('handover.signed', {
      signOffId: made.id,
      siteId,
      name: made.name,
      role: made.role,
      comment: made.comment,
      signedAt: made.signedAt,
      coveredFlats,
      totalFlats: signed.flats,
      digest: made.digest,
      packId: signed.id,
      packSha256: signed.sha256,
      exception: made.exception,
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
    const site = await repos.sites.byId(siteId);
    const scope = await repos.signOffs.scope(siteId);
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
