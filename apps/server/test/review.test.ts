import { describe, expect, it } from 'vitest';
import { MAX_REVIEW_REASON } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { auditOf, submitPassingReport } from './helpers/team.js';

const t = useTestApp();

/** A site with a supervisor and an engineer on it, and one submitted passing report. */
async function submitted(siteOverrides: Record<string, unknown> = {}) {
  const app = await t.app();
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { name: 'Birch Court', ...siteOverrides });
  expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Birch House', propertyType: '2b4p' });
  const reportId = await submitPassingReport(eng, site, property.id);
  return { app, admin, eng, supervisor, site, property, reportId };
}

describe('review of submitted reports', () => {
  it('puts every submitted report awaiting review, and GET /api/reports/:id says so', async () => {
    const { eng, reportId } = await submitted();
    const detail = (await eng.get(`/api/reports/${reportId}`)).json();
    expect(detail).toMatchObject({ reviewState: 'awaiting_review', reviewedAt: null, reviewReason: null });
  });

  it('approves a report: the new state in the answer, the report and the history', async () => {
    const { eng, supervisor, reportId } = await submitted();
    const res = await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: reportId, reviewState: 'approved', reviewReason: null });
    expect(res.json().reviewedAt).toMatch(/^\d{4}-/);
    expect((await eng.get(`/api/reports/${reportId}`)).json().reviewState).toBe('approved');
    const history = await auditOf(await t.database(), 'report', reportId);
    expect(history.map((h) => h.action)).toEqual(['submitted', 'approved']);
    expect(history[1]).toMatchObject({
      actorId: supervisor.userId,
      actorName: 'Sam Supervisor',
      before: { reviewState: 'awaiting_review' },
      after: { reviewState: 'approved' },
    });
  });

  it('sends a report back with its reason, which the engineer reads on the report', async () => {
    const { eng, admin, reportId } = await submitted();
    const res = await admin.post(`/api/reports/${reportId}/review`, {
      decision: 'send_back',
      reason: '  Photo of the plate is blurred  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reviewState: 'sent_back', reviewReason: 'Photo of the plate is blurred' });
    expect((await eng.get(`/api/reports/${reportId}`)).json()).toMatchObject({
      reviewState: 'sent_back',
      reviewReason: 'Photo of the plate is blurred',
    });
    const history = await auditOf(await t.database(), 'report', reportId);
    expect(history[1]).toMatchObject({ action: 'sent_back', reason: 'Photo of the plate is blurred' });
  });

  it('refuses a send-back without a reason, with a blank one or one over the limit (422 naming reason), and changes nothing', async () => {
    const { supervisor, eng, reportId } = await submitted();
    for (const body of [
      { decision: 'send_back' },
      { decision: 'send_back', reason: '   ' },
      { decision: 'send_back', reason: 'x'.repeat(MAX_REVIEW_REASON + 1) },
    ]) {
      const res = await supervisor.post(`/api/reports/${reportId}/review`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json().error.fields).toHaveProperty('reason');
    }
    for (const body of [{}, { decision: 'maybe' }, { decision: 'approve', reason: 'extra' }]) {
      const res = await supervisor.post(`/api/reports/${reportId}/review`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await eng.get(`/api/reports/${reportId}`)).json().reviewState).toBe('awaiting_review');
    expect(await auditOf(await t.database(), 'report', reportId)).toHaveLength(1);
  });

  it('refuses a supervisor reviewing their own report (403), and the report still awaits review', async () => {
    const { supervisor, site, property } = await submitted();
    const own = await submitPassingReport(supervisor, site, property.id);
    const res = await supervisor.post(`/api/reports/${own}/review`, { decision: 'approve' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot review your own report');
    expect((await supervisor.get(`/api/reports/${own}`)).json().reviewState).toBe('awaiting_review');
  });

  it('accepts a reason of exactly the limit', async () => {
    const { supervisor, reportId } = await submitted();
    const reason = 'x'.repeat(MAX_REVIEW_REASON);
    const res = await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'send_back', reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().reviewReason).toBe(reason);
  });

  it('answers 409 with the current state to a decision on a report no longer awaiting review', async () => {
    const { supervisor, admin, reportId } = await submitted();
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    for (const body of [{ decision: 'approve' }, { decision: 'send_back', reason: 'Wrong serial' }]) {
      const res = await admin.post(`/api/reports/${reportId}/review`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'conflict', fields: { reviewState: 'approved' } });
      expect(res.json().error.message).toContain('approved');
    }
  });

  it('lets exactly one of two reviewers deciding at the same moment stand; the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { supervisor, admin, eng, reportId } = await submitted({ name: `Birch Court ${round}` });
      const [a, b] = await Promise.all([
        supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' }),
        admin.post(`/api/reports/${reportId}/review`, { decision: 'send_back', reason: 'Missing photo' }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a : b;
      const loser = a.statusCode === 200 ? b : a;
      const state = (await eng.get(`/api/reports/${reportId}`)).json().reviewState;
      expect(state).toBe(winner.json().reviewState);
      expect(loser.json().error.fields.reviewState).toBe(state);
      const decisions = (await auditOf(await t.database(), 'report', reportId)).filter((h) => h.action !== 'submitted');
      expect(decisions).toHaveLength(1);
    }
  });

  it('approves passing reports at submit on a site that asks for it; with the setting off again, one waits', async () => {
    const { admin, eng, site, reportId } = await submitted({ autoApprovePassing: true });
    expect((await eng.get(`/api/reports/${reportId}`)).json().reviewState).toBe('approved');
    expect((await admin.patch(`/api/sites/${site.id}`, { autoApprovePassing: false })).json().autoApprovePassing).toBe(
      false,
    );
    const other = await createProperty(admin, site.id, { address: 'Flat 4, Birch House', propertyType: '2b4p' });
    const second = await submitPassingReport(eng, site, other.id);
    expect((await eng.get(`/api/reports/${second}`)).json().reviewState).toBe('awaiting_review');
  });

  it('lets only admins and the supervisors of the report site review: engineers and clients 403, other supervisors 404', async () => {
    const { app, admin, eng, site, reportId } = await submitted();
    const client = await signedIn(app, 'client');
    await admin.put(`/api/sites/${site.id}/members/${client.userId}`);
    const outsider = await signedIn(app, 'supervisor');
    const body = { decision: 'approve' };
    expect((await eng.post(`/api/reports/${reportId}/review`, body)).statusCode).toBe(403);
    expect((await client.post(`/api/reports/${reportId}/review`, body)).statusCode).toBe(403);
    expect((await outsider.post(`/api/reports/${reportId}/review`, body)).statusCode).toBe(404);
    expect((await admin.post(`/api/reports/00000000-0000-4000-8000-000000000001/review`, body)).statusCode).toBe(404);
    expect((await eng.get(`/api/reports/${reportId}`)).json().reviewState).toBe('awaiting_review');
    expect((await admin.post(`/api/reports/${reportId}/review`, body)).statusCode).toBe(200);
  });

  it("gives a supervisor their sites' queue: GET /api/reports?reviewState=awaiting_review", async () => {
    const { supervisor, reportId } = await submitted();
    const queue = (await supervisor.get('/api/reports?reviewState=awaiting_review')).json();
    expect(queue.map((r: { id: string }) => r.id)).toEqual([reportId]);
    await supervisor.post(`/api/reports/${reportId}/review`, { decision: 'approve' });
    expect((await supervisor.get('/api/reports?reviewState=awaiting_review')).json()).toEqual([]);
    expect((await supervisor.get('/api/reports?reviewState=unknown')).statusCode).toBe(422);
  });
});
