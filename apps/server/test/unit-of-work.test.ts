import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs, webhookEndpoints, webhookEvents } from '../src/db/schema.js';
import { runCommand } from '../src/db/unit-of-work.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

/** A command that records one of each kind of side record about `id`, then fails if asked to. */
async function command(id: string, fail: boolean) {
  const { db } = await t.database();
  await db.insert(webhookEndpoints).values({
    url: 'https://example.com/hook',
    description: 'listener',
    events: ['webhook.test'],
    secret: 'whsec_test',
  });
  return runCommand(db, { id: randomUUID(), name: 'Ada Admin' }, async ({ record, emit, enqueue }) => {
    record({ entityType: 'site', entityId: id, action: 'updated', after: { name: 'Larch Court' } });
    record({ actor: null, entityType: 'site', entityId: id, action: 'properties_imported', after: { count: 2 } });
    emit('webhook.test', { siteId: id });
    enqueue({ kind: 'test.unit-of-work', key: `test.unit-of-work:${id}`, payload: { id } });
    if (fail) throw new Error('refused after recording');
    return 'done';
  });
}

async function leftBehind(id: string) {
  const { db } = await t.database();
  const history = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
  const events = await db.select().from(webhookEvents);
  const queued = await db
    .select()
    .from(jobs)
    .where(like(jobs.key, `test.unit-of-work:${id}`));
  return { history, events: events.filter((e) => (e.payload as { siteId?: string }).siteId === id), queued };
}

describe('a command through the unit of work', () => {
  it('writes its history, webhook event and job with its change, each history entry by its actor', async () => {
    const id = randomUUID();
    expect(await command(id, false)).toBe('done');
    const { history, events, queued } = await leftBehind(id);
    expect(history.map((h) => [h.action, h.actorName]).sort()).toEqual([
      ['properties_imported', 'System'],
      ['updated', 'Ada Admin'],
    ]);
    expect(events).toHaveLength(1);
    expect(queued).toHaveLength(1);
    // One delivery queued to the endpoint that asked for the event.
    const deliveries = await (await t.database()).db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'));
    expect(deliveries).toHaveLength(1);
    // Not delivered: the listener is made up.
    await (await t.database()).db.delete(jobs).where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.state, 'queued')));
  });

  it('leaves nothing behind when the command fails after recording', async () => {
    const id = randomUUID();
    await expect(command(id, true)).rejects.toThrow('refused after recording');
    expect(await leftBehind(id)).toEqual({ history: [], events: [], queued: [] });
    const { db } = await t.database();
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).toEqual([]);
  });
});
