import { describe, expect, it } from 'vitest';
import { openSiteIssues, siteIssuesOpenAt, type SiteIssue } from '../src/index.js';

const issue = (over: Partial<SiteIssue>): SiteIssue => ({
  id: '00000000-0000-4000-8000-000000000001',
  siteId: '00000000-0000-4000-8000-0000000000aa',
  description: 'Plant flow temperature below 70 °C at peak',
  owner: 'client',
  due: '2026-12-18',
  resolved: false,
  closingComment: null,
  closedBy: null,
  closedAt: null,
  raisedBy: 'Sam Supervisor',
  raisedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});
const resolved = issue({
  id: '00000000-0000-4000-8000-000000000002',
  description: 'Riser insulation missing',
  resolved: true,
  closingComment: 'Lagged',
  closedBy: 'Sam Supervisor',
  closedAt: '2026-03-05T10:00:00.000Z',
});

// docs/product.md#network-wide-issues: what a report prints is what was open when the engineer submitted it.
describe('network-wide issues open at a report', () => {
  it('counts one raised at the moment, not one raised a millisecond after', () => {
    const at = '2026-03-02T10:00:00.000Z';
    expect(siteIssuesOpenAt([issue({})], at)).toHaveLength(1);
    expect(siteIssuesOpenAt([issue({})], '2026-03-02T09:59:59.999Z')).toEqual([]);
  });

  it('shows one resolved later as it stood then: open, with no closing record', () => {
    expect(siteIssuesOpenAt([resolved], '2026-03-05T09:59:59.999Z')).toEqual([
      { ...resolved, resolved: false, closingComment: null, closedBy: null, closedAt: null },
    ]);
  });

  it('leaves out one resolved at or before the moment, and reads an unreadable moment as none', () => {
    expect(siteIssuesOpenAt([resolved], '2026-03-05T10:00:00.000Z')).toEqual([]);
    expect(siteIssuesOpenAt([issue({})], 'not a date')).toEqual([]);
  });

  it('the check shows the open ones only', () => {
    expect(openSiteIssues([issue({}), resolved]).map((i) => i.description)).toEqual([
      'Plant flow temperature below 70 °C at peak',
    ]);
  });
});
