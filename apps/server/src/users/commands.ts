import type { Role, User } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { changedFields, type Actor } from '../history/entries.js';
import { conflict, notFound } from '../http/errors.js';
import { rethrowUnique } from '../repositories/sql-helpers.js';
import { EMAIL_EXISTS, hashToken, type UserPatch } from './repository.js';
import type { UsersRepository } from './sessions.js';
import { accountChanged, accountCreated } from '../notifications/messages.js';

export interface NewAccount {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
}

const created = (user: User) => {
  const { id: _id, ...after } = user;
  return { entityType: 'user' as const, entityId: user.id, action: 'created', after };
};

/** Adds an account (a new engineer joins every site). */
export function createUser(db: Db, actor: Actor, input: NewAccount): Promise<User> {
  // The unique email index decides between two adds of one address at once; both are told the same.
  return runCommand(db, actor, async ({ repos, record, notify }) => {
    const user = await repos.accounts.insert(input);
    record(created(user));
    notify(accountCreated({ userId: user.id, role: user.role, by: actor?.name ?? null }));
    return user;
  }).catch(rethrowUnique(EMAIL_EXISTS, { email: EMAIL_EXISTS }));
}

/** The first admin, only while there are no users: the table's lock makes two visitors take turns. */
export function createFirstAdmin(db: Db, input: Omit<NewAccount, 'role'>): Promise<User | undefined> {
  return runCommand(db, null, async ({ repos, record }) => {
    await repos.accounts.lockTable();
    if ((await repos.accounts.count()) > 0) return undefined;
    const user = await repos.accounts.insert({ ...input, role: 'admin' });
    record({ ...created(user), actor: user });
    return user;
  });
}

/**
 * Changes a person's account, refused when it would leave no active admin. The active admins' rows are locked
 * first, so two admins removing each other at once are taken in turn and the second sees the first's change.
 * Ending the account or a new password signs the user out everywhere; every server forgets the user when the
 * change commits, this one at once.
 */
export async function updateUser(
  db: Db,
  sessions: UsersRepository,
  actor: Actor,
  id: string,
  patch: UserPatch,
): Promise<User> {
  try {
    return await runCommand(db, actor, async ({ repos, record, notify }) => {
      const { accounts } = repos;
      // The accounts API tokens act as are managed as tokens.
      if (!(await accounts.isPerson(id))) throw notFound('User not found');
      if (patch.active === false || (patch.role !== undefined && patch.role !== 'admin')) {
        const admins = await accounts.lockActiveAdmins();
        if (admins.length <= 1 && admins.includes(id)) throw conflict('There must always be at least one active admin');
      }
      const was = await accounts.lockById(id);
      const user = was && (await accounts.update(id, patch));
      if (!was || !user) throw notFound('User not found');
      if (patch.active === false || patch.passwordHash) await accounts.endSessions(id);
      const { passwordHash: _h, ...visible } = patch;
      const change = changedFields(was, visible);
      // A new password is recorded as changed, never its hash.
      if (patch.passwordHash) change.after.password = 'changed';
      if (Object.keys(change.after).length > 0)
        record({ entityType: 'user', entityId: id, action: 'updated', ...change });
      // Told to the person, unless they changed it themselves or it ended their account.
      const told = { role: change.after.role as Role | undefined, name: change.after.name as string | undefined };
      if (actor?.id !== id && user.active && (told.role || told.name || patch.passwordHash))
        notify(accountChanged({ userId: id, by: actor?.name ?? null, ...told, password: !!patch.passwordHash }));
      await accounts.announceChange(id);
      return user;
    });
  } finally {
    sessions.forgetUser(id); // after the commit, so no lookup that read before it keeps what it read
  }
}

/**
 * Signs one session out. Every server forgets it when the change commits (the announcement is part of it), this
 * one at once after the commit.
 */
export async function signOut(db: Db, sessions: UsersRepository, token: string): Promise<void> {
  const id = hashToken(token);
  await runCommand(db, null, async ({ repos }) => {
    await repos.accounts.deleteSession(id);
    await repos.accounts.announceSessionEnded(id);
  });
  sessions.forgetSession(id);
}
