import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defaultDesignParameters } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import type { Database } from '../../../src/db/client.js';
import { users } from '../../../src/db/schema.js';
import { usersRepository } from '../../../src/users/sessions.js';
import { hashPassword } from '../../../src/http/passwords.js';
import { SESSION_COOKIE } from '../../../src/http/access.js';
import { client, type TestClient } from '../../helpers/test-app.js';

const fixtures = path.join(import.meta.dirname, '../../../../../packages/report-pdf/test/fixtures');
export const JPEG = fs.readFileSync(path.join(fixtures, 'photo.jpg'));
export const PNG = fs.readFileSync(path.join(fixtures, 'signature.png'));

let hash: Promise<string> | undefined;

/**
 * A user and a session made straight in the database: these tests sign in hundreds of times, and the
 * sign-in route's deliberately slow password check would dominate them (auth.test.ts covers sign-in).
 */
export async function quickUser(app: FastifyInstance, database: Database, role: 'admin' | 'engineer', name?: string) {
  hash ??= hashPassword('correct horse battery');
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await database.db
    .insert(users)
    .values({
      email,
      name: name ?? (role === 'admin' ? 'Ada Admin' : 'Eddie Engineer'),
      role,
      passwordHash: await hash,
    })
    .returning();
  const session = await usersRepository(database.db).createSession(row!.id);
  return { ...client(app, `${SESSION_COOKIE}=${session.token}`, row!.id), email, token: session.token };
}
export type QuickUser = Awaited<ReturnType<typeof quickUser>>;

let tableList: Promise<string[]> | undefined;

/**
 * Every table's row count and a checksum of its row versions (ctid and xmin): any insert, update or delete
 * changes it, without reading the stored bytes, so it is cheap enough to take around every request.
 */
export async function snapshot(database: Database, except: string[] = []): Promise<Record<string, string>> {
  tableList ??= (
    database.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    ) as Promise<{
      rows: { tablename: string }[];
    }>
  ).then((r) => r.rows.map((row) => row.tablename));
  const tables = (await tableList).filter((t) => !except.includes(t));
  const query = tables
    .map(
      (t) =>
        `SELECT '${t}' AS t, count(*)::int AS n, coalesce(md5(string_agg(x.ctid::text || ':' || x.xmin::text, ',' ORDER BY x.ctid)), '') AS h FROM "${t}" x`,
    )
    .join(' UNION ALL ');
  const { rows } = (await database.db.execute(sql.raw(query))) as { rows: { t: string; n: number; h: string }[] };
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/**
 * The next transaction id the database will hand out. Every write takes one, reads do not: while it stays
 * the same nothing was written, and the full snapshot can be skipped.
 */
export async function nextTransactionId(database: Database): Promise<string> {
  const { rows } = (await database.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`)) as {
    rows: { x: string }[];
  };
  return rows[0]!.x;
}

export async function upload(who: TestClient, kind: 'photo' | 'signature', data: Buffer, id = randomUUID()) {
  const type = kind === 'photo' ? 'image/jpeg' : 'image/png';
  const res = await who.put(`/api/files/${id}?kind=${kind}`, data, { 'content-type': type });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return id;
}

/** An admin, two engineers, a site with a property, uploaded files, a draft and a report: something to attack. */
export async function hostileFixture(app: FastifyInstance, database: Database) {
  const admin = await quickUser(app, database, 'admin');
  const engineer = await quickUser(app, database, 'engineer');
  const other = await quickUser(app, database, 'engineer', 'Olive Other');
  const siteRes = await admin.post('/api/sites', {
    name: 'Birch Court',
    location: 'York',
    designParameters: defaultDesignParameters(),
  });
  if (siteRes.statusCode !== 201) throw new Error(`site: ${siteRes.body}`);
  const site = siteRes.json() as { id: string; name: string };
  const propRes = await admin.post('/api/properties', {
    siteId: site.id,
    address: 'Flat 3, Birch House',
    propertyType: '2b4p',
  });
  const property = propRes.json() as { id: string };
  const photo = await upload(engineer, 'photo', JPEG);
  const signature = await upload(engineer, 'signature', PNG);
  const otherDraft = randomUUID();
  await other.post('/api/drafts', { id: otherDraft, currentStep: 'Initial Checks', wizardData: {} });
  const reportId = randomUUID();
  const report = await engineer.post('/api/reports', {
    id: reportId,
    wizardData: passingCheck({ site, propertyId: property.id, photoId: photo, signatureId: signature }),
    notes: '',
    completedAt: '2026-03-02T10:25:00.000Z',
  });
  if (report.statusCode !== 201) throw new Error(`report: ${report.body}`);
  return { admin, engineer, other, site, property, photo, signature, otherDraft, reportId };
}
export type HostileFixture = Awaited<ReturnType<typeof hostileFixture>>;
