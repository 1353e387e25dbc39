import { describe, expect, it } from 'vitest';
import type { PropertyWithStatus, Site } from '@hiu/domain';
import { answerFromSnapshot, type FieldSnapshot } from './snapshot';

const site = (id: string, name: string) => ({ id, name, location: 'Leeds' }) as unknown as Site;
const property = (id: string, address: string, status: PropertyWithStatus['status']) =>
  ({ id, siteId: 's1', address, propertyType: '1b2p', status, latestReportAt: null }) as PropertyWithStatus;

const snapshot: FieldSnapshot = {
  userId: 'u1',
  savedAt: '2026-11-24T09:00:00.000Z',
  sites: [site('s1', 'Canal Wharf'), site('s2', 'Mill Yard')],
  siteDetails: { s1: site('s1', 'Canal Wharf') },
  properties: {
    s1: [
      property('p1', 'Flat 1, Canal Wharf', 'not_started'),
      property('p2', 'Flat 2, Canal Wharf', 'in_progress'),
      property('p3', 'Flat 3, Canal Wharf', 'passed'),
    ],
  },
  drafts: [{ id: 'd1', currentStep: 'Initial Checks' } as never],
};

describe('the offline cache answers the GETs home and a check start make', () => {
  it('searches sites by name or location, paged like the server', () => {
    expect(answerFromSnapshot(snapshot, '/api/sites?q=mill&limit=200')).toEqual({
      items: [snapshot.sites[1]],
      total: 1,
    });
    expect(answerFromSnapshot(snapshot, '/api/sites?limit=1')).toEqual({ items: [snapshot.sites[0]], total: 2 });
  });

  it('searches a site by address and status, and counts its progress', () => {
    const list = answerFromSnapshot(snapshot, '/api/properties?siteId=s1&q=FLAT&status=not_started&limit=20');
    expect(list).toEqual({ items: [snapshot.properties.s1![0]], total: 1 });
    expect(answerFromSnapshot(snapshot, '/api/sites/s1/progress')).toEqual({
      total: 3,
      passed: 1,
      failed: 0,
      pending: 0,
      inProgress: 1,
      notStarted: 1,
    });
  });

  it('gives a site, a property and a draft by id', () => {
    expect(answerFromSnapshot(snapshot, '/api/sites/s1')).toBe(snapshot.siteDetails.s1);
    expect(answerFromSnapshot(snapshot, '/api/properties/p2')).toBe(snapshot.properties.s1![1]);
    expect(answerFromSnapshot(snapshot, '/api/drafts')).toBe(snapshot.drafts);
    expect(answerFromSnapshot(snapshot, '/api/drafts/d1')).toBe(snapshot.drafts[0]);
  });

  it('gives My flats as kept, and nothing from a copy kept before My flats existed', () => {
    const assignments = [{ propertyId: 'p1', siteId: 's1' } as never];
    expect(answerFromSnapshot({ ...snapshot, assignments }, '/api/me/assignments')).toBe(assignments);
    expect(answerFromSnapshot(snapshot, '/api/me/assignments')).toBeUndefined();
    const issue = { id: 'i1', description: 'Lag pipes', owner: 'installer', due: '', resolved: false };
    const withIssues = [{ propertyId: 'p1', siteId: 's1', openIssues: [issue] } as never];
    expect(answerFromSnapshot({ ...snapshot, assignments: withIssues }, '/api/properties/p1/open-issues')).toEqual([
      issue,
    ]);
    expect(
      answerFromSnapshot({ ...snapshot, assignments: withIssues }, '/api/properties/p2/open-issues'),
    ).toBeUndefined();
  });

  it('answers nothing it did not keep (the app then shows its usual error)', () => {
    expect(answerFromSnapshot(snapshot, '/api/sites/s2')).toBeUndefined();
    expect(answerFromSnapshot(snapshot, '/api/properties?siteId=s2')).toBeUndefined();
    expect(answerFromSnapshot(snapshot, '/api/reports')).toBeUndefined();
  });
});
