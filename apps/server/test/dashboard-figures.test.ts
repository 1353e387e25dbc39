import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { signedFailure } from '@hiu/domain/testing';
import { signedIn, useTestApp, type TestClient } from './helpers/test-app.js';
import { createSite } from './helpers/admin-data.js';
import { PNG, upload } from './helpers/report-files.js';
import { submitPassingReport } from './helpers/team.js';

// docs/product.md#where-a-flat-stands: every figure of the dashboard counts flats by the one definition. Here the
// expected figures are worked out from the reports this test files, written out plainly, for each filter.

const t = useTestApp();

type Review = 'awaiting_review' | 'approved' | 'sent_back';
type State = 'not_started' | 'in_progress' | 'awaiting_review' | 'sent_back' | 'failed' | 'approved';
interface Filed {
  flat: string;
  engineer: string;
  completedAt: string;
  result: 'PASS' | 'FAIL';
  review: Review;
}
interface Flat {
  id: string;
  block: string;
  floor: string;
}
interface Filter {
  block?: string;
  floor?: string;
  engineerId?: string;
  from?: string;
  to?: string;
}

const STATES: State[] = ['not_started', 'in_progress', 'awaiting_review', 'sent_back', 'failed', 'approved'];

/** What the dashboard should count, from the test's own list of reports and drafts. */
function expectedStates(flats: Flat[], filed: Filed[], drafts: { flat: string; engineer: string }[], f: Filter) {
  const counts = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<State, number>;
  for (const flat of flats) {
    if (f.block !== undefined && flat.block !== f.block) continue;
    if (f.floor !== undefined && flat.floor !== f.floor) continue;
    const worked = (x: { flat: string; engineer: string }) => x.flat === flat.id && x.engineer === f.engineerId;
    // The engineer filter: the flats that engineer worked.
    if (f.engineerId && !filed.some(worked) && !drafts.some(worked)) continue;
    const day = (r: Filed) => r.completedAt.slice(0, 10);
    const mine = filed
      .filter((r) => r.flat === flat.id)
      .filter((r) => !f.engineerId || r.engineer === f.engineerId)
      .filter((r) => (!f.from || day(r) >= f.from) && (!f.to || day(r) <= f.to))
      .sort((a, b) => a.completedAt.localeCompare(b.completedAt));
    const last = mine.at(-1);
    // Every draft here is saved today, after every report filed.
    const draft = drafts.some((d) => d.flat === flat.id && (!f.engineerId || d.engineer === f.engineerId));
    let state: State;
    if (!last) state = draft ? 'in_progress' : 'not_started';
    else if (last.review === 'awaiting_review') state = 'awaiting_review';
    else if (last.review === 'approved' && last.result === 'PASS') state = 'approved';
    else if (draft) state = 'in_progress';
    else state = last.review === 'sent_back' ? 'sent_back' : 'failed';
    counts[state]++;
  }
  return counts;
}

const sum = (states: Record<string, number>) => Object.values(states).reduce((a, b) => a + b, 0);

describe('dashboard figures agree with the reports', () => {
  it('counts every state for every filter (site, block, floor, engineer, dates) as the reports say', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const client = await signedIn(app, 'client');
    const erin = await signedIn(app, 'engineer', { name: 'Erin' });
    const olly = await signedIn(app, 'engineer', { name: 'Olly' });
    const site = await createSite(admin, { name: `Figures ${Math.random()}` });
    const other = await createSite(admin, { name: `Elsewhere ${Math.random()}` });
    await admin.put(`/api/sites/${site.id}/members/${client.userId}`);
    const flats: Flat[] = [];
    const flat = async (address: string, block: string, floor: string, on = site) => {
      const res = await admin.post('/api/properties', { siteId: on.id, address, propertyType: '2b4p', block, floor });
      const made = { id: res.json().id as string, block, floor };
      if (on === site) flats.push(made);
      return made.id;
    };
    const filed: Filed[] = [];
    const byId = new Map<string, Filed>();
    const file = (id: string, entry: Filed) => {
      filed.push(entry);
      byId.set(id, entry);
      return id;
    };
    const drafts: { flat: string; engineer: string }[] = [];
    const pass = async (eng: TestClient, flatId: string, completedAt: string) => {
      const id = await submitPassingReport(eng, site, flatId, completedAt);
      return file(id, { flat: flatId, engineer: eng.userId, completedAt, result: 'PASS', review: 'awaiting_review' });
    };
    const deviceFailure = async (eng: TestClient, flatId: string, completedAt: string) => {
      const signature = await upload(eng, 'signature', PNG);
      const wizardData = signedFailure(2, signature, {
        site,
        propertyId: flatId,
        initialChecks: { bypassClosed: false },
      });
      const res = await eng.post('/api/reports', {
        id: randomUUID(),
        wizardData,
        notes: '',
        failedStep: 2,
        completedAt,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().overallStatus).toBe('FAIL');
      const id = res.json().id as string;
      return file(id, { flat: flatId, engineer: eng.userId, completedAt, result: 'FAIL', review: 'awaiting_review' });
    };
    const decide = async (reportId: string, decision: 'approve' | 'send_back') => {
      const res = await admin.post(
        `/api/reports/${reportId}/review`,
        decision === 'approve' ? { decision } : { decision, reason: 'Photo of the strainer missing' },
      );
      expect(res.statusCode).toBe(200);
      byId.get(reportId)!.review = decision === 'approve' ? 'approved' : 'sent_back';
    };
    const draft = async (eng: TestClient, flatId: string) => {
      const wizardData = { ...emptyWizardData(), siteId: site.id, propertyId: flatId, hiuModel: 'Vital 2' };
      const res = await eng.post('/api/drafts', {
        id: randomUUID(),
        siteId: site.id,
        propertyId: flatId,
        currentStep: 'Initial Checks',
        wizardData,
      });
      expect(res.statusCode).toBe(200);
      drafts.push({ flat: flatId, engineer: eng.userId });
    };
    const day = (d: string, h: number) => `2026-03-0${d}T${String(h).padStart(2, '0')}:00:00.000Z`;

    await flat('Flat 1', 'A', 'Ground'); // not started
    const f2 = await flat('Flat 2', 'A', 'Ground');
    const f3 = await flat('Flat 3', 'A', '1');
    const f4 = await flat('Flat 4', 'A', '1');
    const f5 = await flat('Flat 5', 'B', 'Ground');
    const f6 = await flat('Flat 6', 'B', '1');
    const f7 = await flat('Flat 7', 'B', '1');
    const f8 = await flat('Flat 8', 'B', '2');
    const f9 = await flat('Flat 9', 'A', '2');
    const elsewhere = await flat('Flat 1', 'A', 'Ground', other);

    await draft(erin, f2); // in progress: a check under way, no report yet
    await pass(erin, f3, day('2', 9)); // awaiting review
    await decide(await pass(olly, f4, day('2', 10)), 'send_back'); // sent back
    await decide(await deviceFailure(erin, f5, day('2', 11)), 'approve'); // failed
    // A device failure approved, then re-tested by another engineer and approved: approved, one re-test.
    await decide(await deviceFailure(olly, f6, day('2', 12)), 'approve');
    await decide(await pass(erin, f6, day('3', 9)), 'approve');
    await deviceFailure(olly, f7, day('3', 10)); // a device failure awaiting review
    await decide(await pass(erin, f8, day('3', 11)), 'approve'); // approved
    // Sent back, and the re-test under way: in progress.
    await decide(await pass(erin, f9, day('2', 13)), 'send_back');
    await draft(erin, f9);
    // Another site's report never counts here.
    const outside = await submitPassingReport(olly, other, elsewhere, day('2', 14));
    await admin.post(`/api/reports/${outside}/review`, { decision: 'approve' });

    const dashboard = async (who: TestClient, f: Filter) => {
      const q = new URLSearchParams(Object.entries(f) as [string, string][]).toString();
      const res = await who.get(`/api/sites/${site.id}/dashboard${q ? `?${q}` : ''}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    const all = await dashboard(admin, {});
    // Written out by hand once, so the plain rule above is itself checked.
    expect(all.states).toEqual({
      not_started: 1,
      in_progress: 2,
      awaiting_review: 2,
      sent_back: 1,
      failed: 1,
      approved: 2,
    });
    expect({ flats: all.flats, reports: all.reports, retests: all.retests }).toEqual({
      flats: 9,
      reports: 8,
      retests: 1,
    });

    const filters: Filter[] = [
      {},
      { block: 'A' },
      { block: 'B' },
      { floor: 'Ground' },
      { floor: '1' },
      { floor: '2' },
      { block: 'B', floor: '1' },
      { engineerId: erin.userId },
      { engineerId: olly.userId },
      { from: '2026-03-02', to: '2026-03-02' },
      { from: '2026-03-03' },
      { to: '2026-03-02' },
      { block: 'B', engineerId: olly.userId, from: '2026-03-03' },
      { floor: '1', engineerId: erin.userId, to: '2026-03-03' },
    ];
    for (const f of filters) {
      const d = await dashboard(admin, f);
      const want = expectedStates(flats, filed, drafts, f);
      expect({ filter: f, states: d.states }).toEqual({ filter: f, states: want });
      expect(d.flats).toBe(sum(want));
      // The tables by block and by floor, and the approved chart's running total, add up to the same figures.
      for (const s of STATES) {
        expect(d.byBlock.reduce((n: number, b: { states: Record<State, number> }) => n + b.states[s], 0)).toBe(want[s]);
        expect(d.byFloor.reduce((n: number, b: { states: Record<State, number> }) => n + b.states[s], 0)).toBe(want[s]);
      }
      expect(d.approvedOverTime.at(-1)?.total ?? 0).toBe(want.approved);
      // A client, who sees no verdict before approval, counts the flats alike.
      expect((await dashboard(client, f)).states).toEqual(want);
    }
    // Floors in building order.
    expect(all.byFloor.map((x: { floor: string }) => x.floor)).toEqual(['Ground', '1', '2']);

    // dwellings.json gives each flat the state the dashboard counts.
    const dwellings = (await admin.get(`/api/sites/${site.id}/dwellings`)).json() as {
      dwellings: { state: State }[];
    };
    const byState = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<State, number>;
    for (const d of dwellings.dwellings) byState[d.state]++;
    expect(byState).toEqual(all.states);
  });
});
