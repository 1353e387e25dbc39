import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

const LAST_ADMIN = 'There must always be at least one active admin';

const activeAdmins = async () => {
  const db = (await t.database()).db;
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
};

/** The installation always keeps an admin who can sign in, decided in the database under any interleaving. */
describe('the last active admin', () => {
  it('cannot demote or deactivate themselves', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    for (const change of [{ role: 'engineer' }, { active: false }]) {
      const res = await admin.patch(`/api/users/${admin.userId}`, change);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(LAST_ADMIN);
    }
    expect(await activeAdmins()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/auth/setup' })).json()).toEqual({ needed: false });
  });

  it('two admins removing each other at the same moment: one wins, the other is refused (50 rounds)', async () => {
    const app = await t.app();
    const db = (await t.database()).db;
    const changes = [{ active: false }, { role: 'engineer' }];
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 50; round++) {
      await db.delete(users);
      const a = await signedIn(app, 'admin');
      const b = await signedIn(app, 'admin');
      const [ab, ba] = await Promise.all([
        a.patch(`/api/users/${b.userId}`, changes[round % 2]),
        b.patch(`/api/users/${a.userId}`, changes[Math.floor(round / 2) % 2]),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      outcomes[statuses.join('/')] = (outcomes[statuses.join('/')] ?? 0) + 1;
      expect(await activeAdmins()).toHaveLength(1);
      expect(statuses[0]).toBe(200);
      // The loser is told why; or, when the winner's change reached the loser's session first, refused as no admin.
      expect([401, 403, 409]).toContain(statuses[1]);
      const loser = ab.statusCode === 200 ? ba : ab;
      if (loser.statusCode === 409) expect(loser.json().error.message).toBe(LAST_ADMIN);
    }
    expect(outcomes['200/409']).toBeGreaterThan(0);
  }, 120_000);
});
