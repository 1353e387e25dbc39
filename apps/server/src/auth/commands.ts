import { randomBytes } from 'node:crypto';
import type { Role, User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand, type UnitOfWork } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';
import { HttpError } from '../http/errors.js';
import { rethrowUnique } from '../repositories/sql-helpers.js';
import { EMAIL_EXISTS, hashToken } from '../users/repository.js';
import type { UsersRepository } from '../users/sessions.js';
import { ACCOUNT_MAIL_JOB } from './account-mail-key.js';
import type { LinkPurpose } from './links-repository.js';
import { signInAttemptsRepository, type AttemptLimit, type Taken } from './repository.js';

/** How long a link works (docs/product.md#invitations): a week to accept an invitation, an hour to reset. */
export const LINK_HOURS: Record<LinkPurpose, number> = { invite: 7 * 24, reset: 1 };
/** A second "Forgot password" for the same account within this time sends nothing more. */
const RESET_QUIET_MS = 5 * 60_000;

export const LINK_GONE = 'This link has expired or was used already. Ask for a new one.';

/**
 * A new link for the person, its email queued in the same transaction. The token leaves only in the email; the
 * database keeps its hash, and the job's copy is removed once the email is sent.
 */
async function sendLink(uow: UnitOfWork, userId: string, purpose: LinkPurpose): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await uow.repos.accountLinks.retire(userId, purpose);
  const linkId = await uow.repos.accountLinks.create({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_HOURS[purpose] * 3600_000),
  });
  uow.enqueue({ kind: ACCOUNT_MAIL_JOB, key: `account-mail:${linkId}`, payload: { linkId, token }, maxAttempts: 8 });
}

/**
 * Adds an account whose person sets their own password from an emailed link. Its password until then is a
 * random one nobody knows.
 */
export function inviteUser(
  db: Db,
  actor: Actor,
  input: { email: string; name: string; role: Role; passwordHash: string },
): Promise<User> {
  return runCommand(db, actor, async (uow) => {
    const user = await uow.repos.accounts.insert(input);
    const { id: _id, ...after } = user;
    uow.record({ entityType: 'user', entityId: user.id, action: 'invited', after });
    await sendLink(uow, user.id, 'invite');
    return user;
  }).catch(rethrowUnique(EMAIL_EXISTS, { email: EMAIL_EXISTS }));
}

/**
 * "Forgot password": a reset link to the address if an active person has it, and nothing otherwise. The caller
 * answers the same either way.
 */
export function requestPasswordReset(db: Db, email: string): Promise<void> {
  return runCommand(db, null, async (uow) => {
    const row = await uow.repos.accounts.withHashByEmail(email);
    if (!row || !row.active || row.kind !== 'person') return;
    if (await uow.repos.accountLinks.openSince(row.id, 'reset', new Date(Date.now() - RESET_QUIET_MS))) return;
    await sendLink(uow, row.id, 'reset');
  });
}

/**
 * Sets the password from a link and uses the link up; every session of the person ends (signed out
 * everywhere), and every server forgets them.
 */
export async function setPasswordWithLink(
  db: Db,
  sessions: UsersRepository,
  token: string,
  passwordHash: string,
): Promise<User> {
  let userId: string | undefined;
  try {
    return await runCommand(db, null, async ({ repos, record }) => {
      const link = await repos.accountLinks.useUp(hashToken(token));
      if (!link) throw new HttpError(410, 'link_gone', LINK_GONE);
      userId = link.userId;
      const user = await repos.accounts.update(link.userId, { passwordHash });
      if (!user || !user.active) throw new HttpError(410, 'link_gone', LINK_GONE);
      await repos.accounts.endSessions(user.id);
      await repos.accounts.announceChange(user.id);
      record({
        actor: { id: user.id, name: user.name },
        entityType: 'user',
        entityId: user.id,
        action: link.purpose === 'invite' ? 'accepted_invitation' : 'password_reset',
        after: { password: 'changed' },
      });
      return user;
    });
  } finally {
    if (userId) sessions.forgetUser(userId);
  }
}

class Refused extends Error {
  constructor(
    readonly key: string,
    readonly secondsLeft: number,
  ) {
    super('refused');
  }
}

/**
 * The sign-in attempt counters. `take` counts one attempt against every limit, or none: the keys of one attempt
 * are taken in one command, all or none, always in the caller's order, so two attempts never wait on each other in
 * a cycle; `refusedBy` names the first limit that is full. One key is one statement, without a transaction: what a
 * flood's attempts mostly cost.
 */
export function signInAttempts(db: Db, windowSeconds: number) {
  const counters = signInAttemptsRepository(db, windowSeconds);
  const takeEach = async (over: typeof counters, limits: AttemptLimit[]) => {
    const taken: Taken[] = [];
    for (const limit of limits) {
      const row = await over.take(limit);
      // Full: how long for, asked in the same transaction where there is one (the upsert locked the row).
      if (!row) throw new Refused(limit.key, await over.secondsLeft(limit.key));
      taken.push(row);
    }
    return taken;
  };
  return {
    async take(limits: AttemptLimit[]): Promise<{ taken: Taken[] } | { refusedBy: string; retryAfterSeconds: number }> {
      try {
        const taken =
          limits.length === 1
            ? await takeEach(counters, limits)
            : await runCommand(db, null, ({ tx }) => takeEach(signInAttemptsRepository(tx, windowSeconds), limits));
        return { taken };
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        return { refusedBy: err.key, retryAfterSeconds: err.secondsLeft };
      }
    },
    giveBack: counters.giveBack,
    clear: counters.clear,
    removeExpired: counters.removeExpired,
  };
}
export type SignInAttempts = ReturnType<typeof signInAttempts>;
