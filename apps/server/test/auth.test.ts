import { describe, expect, it } from 'vitest';
import { client, signedIn, TEST_PASSWORD, useTestApp } from './helpers/test-app.js';

const t = useTestApp();

describe('first run and sign-in', () => {
  it('offers first-admin set-up only on an empty database', async () => {
    const app = await t.app();
    const anon = client(app);
    expect((await anon.get('/api/auth/setup')).json()).toEqual({ needed: true });
    const created = await anon.post('/api/auth/setup', {
      email: 'Boss@Example.com',
      name: 'Boss',
      password: 'longenough',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect(String(created.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await anon.get('/api/auth/setup')).json()).toEqual({ needed: false });
    const again = await anon.post('/api/auth/setup', { email: 'x@example.com', name: 'X', password: 'longenough' });
    expect(again.statusCode).toBe(409);
  });

  it('signs in, reports who is signed in, and signs out', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer', { email: 'eng@example.com', name: 'Eve' });
    expect((await eng.get('/api/auth/me')).json()).toMatchObject({
      email: 'eng@example.com',
      name: 'Eve',
      role: 'engineer',
    });
    expect((await eng.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await eng.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('gives one generic message for a wrong password or unknown email, then rate-limits', async () => {
    const app = await t.app();
    await signedIn(app, 'engineer', { email: 'eng@example.com' });
    const anon = client(app);
    const wrong = await anon.post('/api/auth/login', { email: 'eng@example.com', password: 'nope' });
    const unknown = await anon.post('/api/auth/login', { email: 'who@example.com', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    for (let i = 0; i < 4; i++) await anon.post('/api/auth/login', { email: 'eng@example.com', password: 'nope' });
    const limited = await anon.post('/api/auth/login', { email: 'eng@example.com', password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
  });
});

describe('roles and bad input', () => {
  it('refuses admin calls to engineers (403) and to anyone signed out (401)', async () => {
    const app = await t.app();
    const eng = await signedIn(app, 'engineer');
    expect((await eng.get('/api/users')).statusCode).toBe(403);
    expect((await client(app).get('/api/users')).statusCode).toBe(401);
  });

  it('adds one account when the same email is added twice at once; the other is told why (409 on email)', async () => {
    const admin = await signedIn(await t.app(), 'admin');
    const body = (name: string) => ({ email: 'twice@example.com', name, password: 'password1', role: 'engineer' });
    const answers = await Promise.all([admin.post('/api/users', body('One')), admin.post('/api/users', body('Two'))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toMatchObject({
      message: 'A user with this email already exists',
      fields: { email: 'A user with this email already exists' },
    });
    const listed = (await admin.get('/api/users')).json() as { email: string }[];
    expect(listed.filter((u) => u.email === 'twice@example.com')).toHaveLength(1);
  });

  it('lets an admin add, edit and deactivate an engineer, and keeps one admin', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const made = await admin.post('/api/users', {
      email: 'new@example.com',
      name: 'New',
      password: 'password1',
      role: 'engineer',
    });
    expect(made.statusCode).toBe(201);
    const dup = await admin.post('/api/users', {
      email: 'NEW@example.com',
      name: 'New',
      password: 'password1',
      role: 'engineer',
    });
    expect(dup.statusCode).toBe(409);
    const off = await admin.patch(`/api/users/${made.json().id}`, { active: false });
    expect(off.json().active).toBe(false);
    const login = await client(app).post('/api/auth/login', { email: 'new@example.com', password: 'password1' });
    expect(login.statusCode).toBe(401);
    const self = await admin.patch(`/api/users/${admin.userId}`, { role: 'engineer' });
    expect(self.statusCode).toBe(409);
  });

  it('answers malformed JSON, wrong types, unknown fields and oversized bodies with 4xx JSON', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const h = { 'content-type': 'application/json' };
    expect((await admin.post('/api/users', '{bad', h)).statusCode).toBe(400);
    const wrongType = await admin.post('/api/users', {
      email: 'a@b.com',
      name: 5,
      password: 'password1',
      role: 'engineer',
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error.fields).toHaveProperty('name');
    expect(
      (await admin.post('/api/users', { email: 'a@b.com', name: 'A', password: 'password1', role: 'engineer', x: 1 }))
        .statusCode,
    ).toBe(422);
    const huge = await admin.post('/api/users', {
      email: 'a@b.com',
      name: 'x'.repeat(2_000_000),
      password: 'password1',
      role: 'engineer',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('too_large');
    expect((await admin.get('/api/users')).json()).toHaveLength(1);
  });

  it('refuses cross-site and form-encoded state changes', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const cross = await admin.post(
      '/api/users',
      { email: 'a@b.com', name: 'A', password: 'password1', role: 'engineer' },
      { origin: 'https://evil.example' },
    );
    expect(cross.statusCode).toBe(403);
    const form = await admin.post('/api/users', 'email=a@b.com', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
  });
});
