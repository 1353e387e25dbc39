import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createSite } from './helpers/admin-data.js';
import { auditOf } from './helpers/team.js';

const t = useTestApp();
const body = { description: 'Plant flow temperature below 70 °C at peak', owner: 'client', due: '2026-12-18' };

// docs/product.md#network-wide-issues: an issue of the whole site, recorded once by the office.
describe('network-wide issues of a site', () => {
  it('a supervisor of the site raises one, every member reads it, and resolving it says how, once', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
    const eng = await signedIn(app, 'engineer');
    const client = await signedIn(app, 'client');
    const site = await createSite(admin);
    for (const who of [supervisor, eng, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const id = randomUUID();

    const raised = await supervisor.put(`/api/sites/${site.id}/issues/${id}`, body);
    expect(raised.statusCode, raised.body).toBe(201);
    expect(raised.json()).toMatchObject({ ...body, resolved: false, raisedBy: 'Sam Supervisor', closedAt: null });
    // Sent again (a lost answer): the same issue, nothing new.
    const again = await supervisor.put(`/api/sites/${site.id}/issues/${id}`, body);
    expect(again.statusCode).toBe(200);
    for (const reader of [eng, client]) {
      const list = await reader.get(`/api/sites/${site.id}/issues`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([expect.objectContaining({ id, description: body.description })]);
    }

    const resolved = await supervisor.post(`/api/sites/${site.id}/issues/${id}/resolution`, {
      closingComment: 'Plant set-point raised to 75 °C',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      resolved: true,
      closingComment: 'Plant set-point raised to 75 °C',
      closedBy: 'Sam Supervisor',
    });
    const twice = await admin.post(`/api/sites/${site.id}/issues/${id}/resolution`, { closingComment: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This issue was already resolved by Sam Supervisor.');

    const history = await auditOf(await t.database(), 'site', site.id);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['issue_raised', 'issue_resolved']));
    expect(history.filter((h) => h.action.startsWith('issue_'))).toHaveLength(2);
  });

  it('refuses engineers, clients and non-members, and bad input with the field named, storing nothing', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const client = await signedIn(app, 'client');
    const outsider = await signedIn(app, 'supervisor', { email: 'other@example.com' });
    const site = await createSite(admin);
    for (const who of [eng, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
    const put = (who: typeof admin, b: Record<string, unknown>) =>
      who.put(`/api/sites/${site.id}/issues/${randomUUID()}`, b);

    expect((await put(eng, body)).statusCode).toBe(403);
    expect((await put(client, body)).statusCode).toBe(403);
    expect((await put(outsider, body)).statusCode).toBe(404);
    expect((await outsider.get(`/api/sites/${site.id}/issues`)).statusCode).toBe(404);
    const blank = await put(admin, { ...body, description: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error.fields.description).toBe('Say what is wrong');
    const late = await put(admin, { ...body, due: '9999-01-01' });
    expect(late.statusCode).toBe(422);
    expect(Object.keys(late.json().error.fields)).toEqual(['due']);
    const noOne = await put(admin, { ...body, owner: 'nobody' });
    expect(noOne.json().error.fields.owner).toBe('Choose who must act');
    const missing = await admin.post(`/api/sites/${site.id}/issues/${randomUUID()}/resolution`, {
      closingComment: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect((await admin.get(`/api/sites/${site.id}/issues`)).json()).toEqual([]);
  });

  it('decides two resolutions at once in the database: one resolves, the other is told who did', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin', { name: 'Ada Admin' });
    const site = await createSite(admin);
    const id = randomUUID();
    await admin.put(`/api/sites/${site.id}/issues/${id}`, body);
    const answers = await Promise.all(
      ['Fixed by the plant team', 'Fixed again'].map((closingComment) =>
        admin.post(`/api/sites/${site.id}/issues/${id}/resolution`, { closingComment }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
