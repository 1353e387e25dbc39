import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { usersRepository } from '../src/users/sessions.js';
import { client, signedIn, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** Sessions are remembered between calls (decision 095); every change made through the server still applies at once. */
describe('remembered sessions', () => {
  it('end at once on sign-out, deactivation or a new password, and show a new role or name at once', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer', { name: 'Eve' });
    const me = async (c = eng) => (await c.get('/api/auth/me')).json();

    expect(await me()).toMatchObject({ name: 'Eve', role: 'engineer' }); // now remembered
    await admin.patch(`/api/users/${eng.userId}`, { name: 'Eve Field' });
    expect(await me()).toMatchObject({ name: 'Eve Field' });

    expect((await eng.get('/api/users')).statusCode).toBe(403);
    await admin.patch(`/api/users/${eng.userId}`, { role: 'admin' });
    expect((await eng.get('/api/users')).statusCode).toBe(200);
    await admin.patch(`/api/users/${eng.userId}`, { role: 'engineer' });
    expect((await eng.get('/api/users')).statusCode).toBe(403);

    await admin.patch(`/api/users/${eng.userId}`, { active: false });
    expect((await eng.get('/api/auth/me')).statusCode).toBe(401);

    const other = await signedIn(app, 'engineer');
    expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    await admin.patch(`/api/users/${other.userId}`, { password: 'a new password' });
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);

    const third = await signedIn(app, 'engineer');
    expect((await third.get('/api/drafts')).statusCode).toBe(200);
    expect((await third.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await third.get('/api/drafts')).statusCode).toBe(401);
    expect((await client(app, third.cookie).get('/api/auth/me')).statusCode).toBe(401);
  });

  // What a server falls back on when it did not hear of a change (its listener was down): the cache time.
  it('see a change made by another server within the cache time, not before', async () => {
    const database = await t.database();
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    const token = eng.cookie!.split('=')[1]!;
    const repo = usersRepository(database.db, { sessionCacheMs: 300 });
    expect(await repo.userForSession(token)).toMatchObject({ id: eng.userId });
    // Another server deactivates the user: this one still trusts its memory for up to 300 ms...
    await database.db.update(users).set({ active: false }).where(eq(users.id, eng.userId));
    expect(await repo.userForSession(token)).toMatchObject({ id: eng.userId });
    // ...then reads the database again.
    await new Promise((r) => setTimeout(r, 350));
    expect(await repo.userForSession(token)).toBeUndefined();
    expect(await usersRepository(database.db).userForSession(token)).toBeUndefined();
  });

  it('never remember an unknown token', async () => {
    const database = await t.database();
    const repo = usersRepository(database.db, { sessionCacheMs: 60_000 });
    expect(await repo.userForSession('forged')).toBeUndefined();
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    expect(await repo.userForSession(eng.cookie!.split('=')[1]!)).toMatchObject({ id: eng.userId });
  });
});

/** Several app servers on one PostgreSQL database: a change made through one applies on the others at once. */
describe('remembered sessions on several servers', () => {
  it('end on every server at once on sign-out, deactivation or a new password', async (ctx) => {
    ctx.skip(
      process.env.TEST_DB !== 'postgres',
      'PGlite is embedded in one server process, so no second server can share its database',
    );
    const url = (await t.databaseUrl())!;
    const config = { ...loadConfig({}), databaseUrl: url, webDist: undefined, logLevel: 'silent' };
    // Remembered for a minute: only the announcement can end a session on the other server this quickly.
    const slowConfig = { ...config, sessionCacheMs: 60_000 };
    const secondDatabase = await openDatabase({ databaseUrl: url });
    const one = await buildApp(slowConfig, await t.database(), { logger: false });
    const two = await buildApp(slowConfig, secondDatabase, { logger: false });
    try {
      const admin = await signedIn(one, 'admin');
      const endsOnTwo = async (cookie: string | undefined, change: () => Promise<{ statusCode: number }>) => {
        const onTwo = client(two, cookie);
        expect((await onTwo.get('/api/drafts')).statusCode).toBe(200); // now remembered by server two
        expect((await onTwo.get('/api/drafts')).statusCode).toBe(200);
        expect((await change()).statusCode).toBeLessThan(300);
        const changed = Date.now();
        await vi.waitFor(async () => expect((await onTwo.get('/api/drafts')).statusCode).toBe(401), {
          timeout: 1_000,
          interval: 10,
        });
        expect(Date.now() - changed).toBeLessThan(1_000);
      };

      const signsOut = await signedIn(one, 'engineer');
      await endsOnTwo(signsOut.cookie, () => signsOut.post('/api/auth/logout'));

      const deactivated = await signedIn(one, 'engineer');
      await endsOnTwo(deactivated.cookie, () => admin.patch(`/api/users/${deactivated.userId}`, { active: false }));

      const newPassword = await signedIn(one, 'engineer');
      await endsOnTwo(newPassword.cookie, () =>
        admin.patch(`/api/users/${newPassword.userId}`, { password: 'a new password' }),
      );

      // A new role shows on the other server at once too.
      const promoted = await signedIn(one, 'engineer');
      const promotedOnTwo = client(two, promoted.cookie);
      expect((await promotedOnTwo.get('/api/users')).statusCode).toBe(403);
      await admin.patch(`/api/users/${promoted.userId}`, { role: 'admin' });
      await vi.waitFor(async () => expect((await promotedOnTwo.get('/api/users')).statusCode).toBe(200), {
        timeout: 1_000,
        interval: 10,
      });
    } finally {
      await one.close();
      await two.close();
      await secondDatabase.close();
    }
  });
});
