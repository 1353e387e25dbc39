import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@hiu/domain';
import { HistoryEntry } from './history-panel';

describe('a History entry', () => {
  it("names an admin's discard of an engineer's draft in a sentence: whose it was, of which flat, at which step", () => {
    const e: AuditEntry = {
      id: 1,
      siteId: '6f1c3f0e-8f5e-4a52-9d1e-0c6d1d2f9a01',
      propertyId: '0b7f1a9e-2c1d-4e8f-a3b5-6d7e8f9a0b1c',
      at: '2026-11-28T10:00:00.000Z',
      actorId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      actorName: 'Ada Admin',
      entityType: 'draft',
      entityId: 'd4c3b2a1-f6e5-4b7a-9c8d-5d4c3b2a1f0e',
      action: 'discarded',
      before: { engineerId: 'e1', engineerName: 'Olga Other', currentStep: 'Standby', lastSaved: '2026-11-20' },
      after: null,
      reason: null,
      names: {
        site: 'Larch Court',
        property: 'Flat 3, Larch House',
        report: null,
        person: 'Olga Other',
        previousPerson: null,
        retestOf: null,
      },
    };
    const html = renderToStaticMarkup(createElement(HistoryEntry, { e }));
    expect(html).toContain('Draft discarded');
    expect(html).toContain('Ada Admin discarded the draft Olga Other kept of Flat 3, Larch House at Larch Court.');
    expect(html).toContain('Step reached: was Standby');
    expect(html).toContain('Last saved: was 20/11/2026');
    expect(html).not.toMatch(/engineerName|currentStep/);
  });
});
