import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVIEW_STATES, type ReviewState } from '@hiu/domain';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

type Op =
  | { op: 'retest'; flat: number }
  | { op: 'decide'; pick: number; decision: 'approve' | 'send_back' }
  | { op: 'correct'; pick: number; value: number };

interface Modelled {
  id: string;
  flat: number;
  state: ReviewState;
  revision: number;
  retestOf: string | null;
}

/**
 * Random sequences of re-tests, decisions and corrections through the API, against a model of what each
 * report must be: no report is lost or rewritten once decided, every state is one of the three, a decision
 * stands only on a report awaiting review, a correction only on one not approved.
 */
describe('review state machine', () => {
  it('never reaches an undefined state nor loses a report', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const op = fc.oneof(
      fc.nat(2).map<Op>((flat) => ({ op: 'retest', flat })),
      fc
        .record({ pick: fc.nat(30), decision: fc.constantFrom('approve' as const, 'send_back' as const) })
        .map<Op>((r) => ({ op: 'decide', ...r })),
      fc.record({ pick: fc.nat(30), value: fc.integer({ min: 1, max: 99 }) }).map<Op>((r) => ({ op: 'correct', ...r })),
    );
    let day = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (ops) => {
        const site = await createSite(admin, { name: `Machine ${Math.random()}` });
        await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`);
        const flats = await Promise.all(
          [0, 1, 2].map((i) => createProperty(admin, site.id, { address: `Flat ${i}`, propertyType: '2b4p' })),
        );
        const model: Modelled[] = [];
        for (const step of ops) {
          if (step.op === 'retest') {
            day += 1;
            const at = new Date(Date.UTC(2026, 2, 2, 10, 25) + day * 60_000).toISOString();
            const latest = model.filter((m) => m.flat === step.flat).at(-1);
            const id = await submitPassingReport(eng, site, flats[step.flat]!.id, at);
            model.push({
              id,
              flat: step.flat,
              state: 'awaiting_review',
              revision: 1,
              retestOf: latest?.state === 'sent_back' ? latest.id : null,
            });
          } else if (model.length > 0) {
            const target = model[step.pick % model.length]!;
            if (step.op === 'decide') {
              const body =
                step.decision === 'approve'
                  ? { decision: 'approve' }
                  : { decision: 'send_back', reason: 'Check again' };
              const res = await supervisor.post(`/api/reports/${target.id}/review`, body);
              if (target.state === 'awaiting_review') {
                expect(res.statusCode).toBe(200);
                target.state = step.decision === 'approve' ? 'approved' : 'sent_back';
              } else {
                expect(res.statusCode).toBe(409);
                expect(res.json().error.fields.reviewState).toBe(target.state);
              }
            } else {
              const res = await supervisor.post(`/api/reports/${target.id}/corrections`, {
                field: 'hiuSerial',
                value: `SN-${step.value}-${target.revision}`,
                reason: 'Plate re-read',
              });
              if (target.state === 'approved') expect(res.statusCode).toBe(409);
              else {
                expect(res.statusCode).toBe(200);
                target.revision += 1;
              }
            }
          }
          for (const m of model) {
            const got = (await supervisor.get(`/api/reports/${m.id}`)).json();
            expect(REVIEW_STATES).toContain(got.reviewState);
            expect({ state: got.reviewState, revision: got.revision, retestOf: got.retestOf }).toEqual({
              state: m.state,
              revision: m.revision,
              retestOf: m.retestOf,
            });
            expect(got.revisions).toHaveLength(m.revision);
          }
        }
        const queue = (await supervisor.get(`/api/sites/${site.id}/review-queue?limit=100`)).json();
        expect(queue.items.map((i: { id: string }) => i.id).sort()).toEqual(
          model
            .filter((m) => m.state === 'awaiting_review')
            .map((m) => m.id)
            .sort(),
        );
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
