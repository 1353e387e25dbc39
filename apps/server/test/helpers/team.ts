import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { passingCheck } from '@hiu/domain/testing';
import type { Database } from '../../src/db/client.js';
import { auditLog } from '../../src/db/schema.js';
import type { TestClient } from './test-app.js';
import { JPEG, PNG, upload } from './report-files.js';

/** Submits a complete passing check of the property through the API as `eng`; returns the report id. */
export async function submitPassingReport(
  eng: TestClient,
  site: { id: string; name: string },
  propertyId: string,
  completedAt = '2026-03-02T10:25:00.000Z',
) {
  const photo = await upload(eng, 'photo', JPEG);
  const signature = await upload(eng, 'signature', PNG);
  const wizardData = passingCheck({ site, propertyId, photoId: photo, signatureId: signature });
  const id = randomUUID();
  const res = await eng.post('/api/reports', { id, wizardData, notes: '', completedAt });
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  return id;
}

/** The history of one entity, oldest first, as stored. */
export async function auditOf(database: Database, entityType: string, entityId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}
