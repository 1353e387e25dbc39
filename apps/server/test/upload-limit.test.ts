import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNCLAIMED_LIMIT } from '@hiu/domain';
import { passingCheck, photoRef } from '@hiu/domain/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { useTestApp } from './helpers/test-app.js';
import { jpegClaiming } from './helpers/images.js';
import { JPEG, PNG, quickUser } from './security/helpers/fixture.js';
import { createSite } from './helpers/admin-data.js';

const t = useTestApp();
const KB = 1024;

/** An app on the test database whose upload limit is small enough to reach. */
let limited: FastifyInstance | undefined;
async function limitedApp(count: number, bytes: number) {
  await limited?.close();
  const config = { ...loadConfig({}), webDist: undefined, logLevel: 'silent', unclaimedUploads: { count, bytes } };
  limited = await buildApp(config, await t.database(), { logger: false });
  await limited.ready();
  return limited;
}
afterAll(() => limited?.close());

/** Distinct photos (a retry of the same bytes is not a new file). */
const photo = (i: number, size = JPEG.length) => jpegClaiming(JPEG, 800 + i, 600, size);

describe('unclaimed uploads per user', () => {
  it('defaults to a full check of photos and its signature at their largest, twice over', () => {
    expect(loadConfig({}).unclaimedUploads).toEqual(DEFAULT_UNCLAIMED_LIMIT);
    expect(DEFAULT_UNCLAIMED_LIMIT.count).toBe(62);
    expect(loadConfig({ UNCLAIMED_UPLOADS_MAX_FILES: '10', UNCLAIMED_UPLOADS_MAX_MB: '5' }).unclaimedUploads).toEqual({
      count: 10,
      bytes: 5 * 1024 * 1024,
    });
  });

  it('answers 429 with what is held beyond the count, stores nothing, and lets others and retries through', async () => {
    const app = await limitedApp(3, 10_000 * KB);
    const database = await t.database();
    const eng = await quickUser(app, database, 'engineer');
    const other = await quickUser(app, database, 'engineer');
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      const res = await eng.put(`/api/files/${id}?kind=photo`, photo(i), { 'content-type': 'image/jpeg' });
      expect(res.statusCode).toBe(201);
    }
    const over = randomUUID();
    const res = await eng.put(`/api/files/${over}?kind=photo`, photo(9), { 'content-type': 'image/jpeg' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('too_many_uploads');
    expect(res.json().error.message).toMatch(
      /^You have 3 photos and signatures \(1 MB\) that are not in a submitted report yet; one person may hold at most 3 \(10 MB\)\./,
    );
    expect((await eng.get(`/api/files/${over}`)).statusCode).toBe(404);
    // A retry of one already stored is not a new file.
    expect(
      (await eng.put(`/api/files/${ids[0]}?kind=photo`, photo(0), { 'content-type': 'image/jpeg' })).statusCode,
    ).toBe(200);
    // Another engineer has a limit of their own.
    expect(
      (await other.put(`/api/files/${randomUUID()}?kind=photo`, photo(0), { 'content-type': 'image/jpeg' })).statusCode,
    ).toBe(201);
  });

  it('counts bytes too', async () => {
    const app = await limitedApp(100, 1000 * KB);
    const eng = await quickUser(app, await t.database(), 'engineer');
    const put = (i: number) =>
      eng.put(`/api/files/${randomUUID()}?kind=photo`, photo(i, 400 * KB), { 'content-type': 'image/jpeg' });
    expect((await put(1)).statusCode).toBe(201);
    expect((await put(2)).statusCode).toBe(201);
    const third = await put(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toContain('You have 2 photos and signatures (1 MB)');
  });

  it('lets no more than the limit in when uploads race', async () => {
    const app = await limitedApp(5, 10_000 * KB);
    const eng = await quickUser(app, await t.database(), 'engineer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        eng.put(`/api/files/${randomUUID()}?kind=photo`, photo(i), { 'content-type': 'image/jpeg' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('frees the room when a report claims the files, and shows each user their holding on the admin list', async () => {
    const app = await limitedApp(3, 10_000 * KB);
    const database = await t.database();
    const admin = await quickUser(app, database, 'admin');
    const eng = await quickUser(app, database, 'engineer', 'Eddie Engineer');
    const photos = [];
    for (let i = 0; i < 2; i++) {
      const id = randomUUID();
      expect(
        (await eng.put(`/api/files/${id}?kind=photo`, photo(i), { 'content-type': 'image/jpeg' })).statusCode,
      ).toBe(201);
      photos.push(id);
    }
    const signature = randomUUID();
    expect(
      (await eng.put(`/api/files/${signature}?kind=signature`, PNG, { 'content-type': 'image/png' })).statusCode,
    ).toBe(201);

    const list = await admin.get('/api/users');
    expect(list.statusCode).toBe(200);
    const row = (list.json() as { id: string; unclaimedUploads: unknown }[]).find((u) => u.id === eng.userId);
    expect(row?.unclaimedUploads).toEqual({ count: 3, bytes: 2 * JPEG.length + PNG.length });
    const adminRow = (list.json() as { id: string; unclaimedUploads: unknown }[]).find((u) => u.id === admin.userId);
    expect(adminRow?.unclaimedUploads).toEqual({ count: 0, bytes: 0 });

    expect(
      (await eng.put(`/api/files/${randomUUID()}?kind=photo`, photo(7), { 'content-type': 'image/jpeg' })).statusCode,
    ).toBe(429);
    const site = await createSite(admin);
    const report = await eng.post('/api/reports', {
      id: randomUUID(),
      wizardData: passingCheck({
        site,
        photoId: null,
        signatureId: signature,
        photosSignature: { photos: photos.map((id) => photoRef(id)) },
      }),
      notes: '',
      completedAt: '2026-03-02T10:25:00.000Z',
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(
      (await eng.put(`/api/files/${randomUUID()}?kind=photo`, photo(7), { 'content-type': 'image/jpeg' })).statusCode,
    ).toBe(201);
    const after = (await admin.get('/api/users')).json() as { id: string; unclaimedUploads: { count: number } }[];
    expect(after.find((u) => u.id === eng.userId)?.unclaimedUploads.count).toBe(1);
  });
});
