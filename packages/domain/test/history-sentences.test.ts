import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  auditActionLabel,
  defaultDesignParameters,
  historyChanges,
  historySentence,
  type AuditEntry,
  type AuditNames,
} from '../src/index.js';

const noNames: AuditNames = {
  site: null,
  property: null,
  report: null,
  person: null,
  previousPerson: null,
  retestOf: null,
};

function entry(part: Omit<Partial<AuditEntry>, 'names'> & { names?: Partial<AuditNames> }): AuditEntry {
  return {
    id: 1,
    siteId: null,
    propertyId: null,
    at: '2026-11-22T10:30:00.000Z',
    actorId: null,
    actorName: 'Sam Supervisor',
    entityType: 'report',
    entityId: 'r1',
    action: 'approved',
    before: null,
    after: null,
    reason: null,
    ...part,
    names: { ...noNames, ...part.names },
  };
}

const flat = { site: 'Larch Court', property: 'Flat 3, Larch House' };

describe('history entries as sentences', () => {
  it('names the report, the flat and the site of a review decision', () => {
    const e = entry({
      action: 'sent_back',
      before: { reviewState: 'awaiting_review' },
      after: { reviewState: 'sent_back', fields: ['dhwKitchenTap', 'systemPressure'] },
      names: { ...flat, report: 'HIU-2026-000012' },
    });
    expect(historySentence(e)).toBe(
      'Sam Supervisor sent back report HIU-2026-000012 for Flat 3, Larch House at Larch Court.',
    );
    const changes = historyChanges(e);
    expect(changes[0]).toBe('Review: Awaiting review → Sent back');
    expect(changes[1]).toMatch(/^Marked for the engineer: .+; Initial Checks: System Pressure$/);
    expect(changes.join(' ')).not.toMatch(/dhwKitchenTap|systemPressure|reviewState/);
  });

  it('says a submission is a re-test by the earlier report reference, with its verdict in words', () => {
    const e = entry({
      action: 'submitted',
      actorName: 'Ed Engineer',
      after: { siteId: 's', propertyId: 'p', overallStatus: 'FAIL', reviewState: 'awaiting_review', retestOf: 'r0' },
      names: { ...flat, report: 'HIU-2026-000013', retestOf: 'HIU-2026-000012' },
    });
    expect(historySentence(e)).toBe(
      'Ed Engineer submitted report HIU-2026-000013 for Flat 3, Larch House at Larch Court.',
    );
    expect(historyChanges(e)).toEqual(['Verdict: Fail', 'Review: Awaiting review', 'Re-test of: HIU-2026-000012']);
  });

  it("names a radiator's corrected return by its room in the sentence, with both values and the unit", () => {
    const e = entry({
      action: 'corrected',
      before: { 'cp1.radiatorTemps.Hall.return': '45', overallStatus: 'PASS', revision: 1 },
      after: { 'cp1.radiatorTemps.Hall.return': '40', overallStatus: 'PASS', revision: 2 },
      names: { ...flat, report: 'HIU-2026-000012' },
    });
    expect(historySentence(e)).toBe(
      'Sam Supervisor corrected the Hall radiator return of report HIU-2026-000012 for Flat 3, Larch House at ' +
        'Larch Court: 45 °C → 40 °C.',
    );
    const unrecorded = entry({ action: 'corrected', names: { ...flat, report: 'HIU-2026-000012' } });
    expect(historySentence(unrecorded)).toContain('corrected a value of report HIU-2026-000012 for Flat 3');
  });

  it('gives a corrected reading its rule-book label and unit, before → after', () => {
    const e = entry({
      action: 'corrected',
      before: { systemPressure: '1.2', overallStatus: 'FAIL', revision: 1 },
      after: { systemPressure: '1.5', overallStatus: 'PASS', revision: 2 },
      names: { ...flat, report: 'HIU-2026-000012' },
    });
    expect(historySentence(e)).toBe(
      'Sam Supervisor corrected the System Pressure of report HIU-2026-000012 for Flat 3, Larch House at Larch Court: ' +
        '1.2 bar → 1.5 bar.',
    );
    expect(historyChanges(e)).toEqual([
      'Initial Checks: System Pressure: 1.2 bar → 1.5 bar',
      'Verdict: Fail → Pass',
      'Revision: 1 → 2',
    ]);
  });

  it('names the engineers of a re-assignment instead of their ids, and the due date in en-GB', () => {
    const e = entry({
      entityType: 'assignment',
      action: 'assigned',
      before: { engineerId: 'u1', dueDate: '2026-07-10' },
      after: { siteId: 's', engineerId: 'u2', dueDate: '2026-07-12' },
      names: { ...flat, person: 'Olga Other', previousPerson: 'Ed Engineer' },
    });
    expect(historySentence(e)).toBe('Sam Supervisor assigned Flat 3, Larch House at Larch Court to Olga Other.');
    expect(historyChanges(e)).toEqual(['Engineer: Ed Engineer → Olga Other', 'Due date: 10/07/2026 → 12/07/2026']);
  });

  it("names a discarded draft's engineer and flat, with the step and time in words", () => {
    const e = entry({
      entityType: 'draft',
      action: 'discarded',
      actorName: 'Ada Admin',
      before: {
        engineerId: 'u1',
        engineerName: 'Olga Other',
        currentStep: 'Standby',
        lastSaved: '2026-11-20T09:30:00.000Z',
      },
      names: flat,
    });
    expect(historySentence(e)).toBe(
      'Ada Admin discarded the draft Olga Other kept of Flat 3, Larch House at Larch Court.',
    );
    expect(historyChanges(e)).toEqual(['Step reached: was Standby', 'Last saved: was 20/11/2026, 09:30']);
  });

  it('names a deleted site and flat from what the entry recorded', () => {
    expect(
      historySentence(
        entry({ entityType: 'site', action: 'deleted', actorName: 'Ada Admin', before: { name: 'Ash Court' } }),
      ),
    ).toBe('Ada Admin deleted site Ash Court.');
    expect(
      historySentence(
        entry({
          entityType: 'property',
          action: 'deleted',
          before: { address: 'Flat 9A' },
          names: { site: 'Ash Court' },
        }),
      ),
    ).toBe('Sam Supervisor deleted Flat 9A at Ash Court.');
  });

  it('reads packs, witnessing, sign-offs, members and accounts as sentences', () => {
    const site = { site: 'Larch Court' };
    expect(historySentence(entry({ entityType: 'site', action: 'pack_requested', names: site }))).toBe(
      'Sam Supervisor asked for the evidence pack of site Larch Court.',
    );
    expect(historySentence(entry({ entityType: 'site', action: 'signed_off', names: site }))).toBe(
      'Sam Supervisor signed off site Larch Court.',
    );
    expect(
      historySentence(
        entry({ entityType: 'site', action: 'sign_off_requested', after: { asked: ['Cara Client'] }, names: site }),
      ),
    ).toBe('Sam Supervisor asked Cara Client to sign off site Larch Court.');
    expect(
      historySentence(
        entry({ entityType: 'property', action: 'witnessed', after: { name: 'Wendy Witness' }, names: flat }),
      ),
    ).toBe('Sam Supervisor recorded Wendy Witness as witness of Flat 3, Larch House at Larch Court.');
    const witnessed = entry({
      entityType: 'property',
      action: 'witnessed',
      after: { name: 'Alex Assessor', role: 'assessor', date: '2026-03-04', readingsSeen: 2, outOfRange: 1 },
      names: flat,
    });
    expect(historyChanges(witnessed)).toEqual([
      'Name: Alex Assessor',
      'Role: Assessor',
      'Date: 04/03/2026',
      'Readings seen: 2',
      'Out of range: 1',
    ]);
    const sampling = entry({
      entityType: 'site',
      action: 'sampling_set',
      before: { rate: null },
      after: { rate: 10 },
      names: site,
    });
    expect(historySentence(sampling)).toBe('Sam Supervisor set the sampling rate of site Larch Court to 1 in 10.');
    expect(historyChanges(sampling)).toEqual(['Rate: none → 10']);
    expect(
      historySentence(entry({ entityType: 'site', action: 'sampling_set', after: { rate: null }, names: site })),
    ).toBe('Sam Supervisor took the sampling plan off site Larch Court.');
    const added = entry({
      entityType: 'site_member',
      action: 'member_added',
      after: { userId: 'u', role: 'client' },
      names: { ...site, person: 'Cleo Client' },
    });
    expect(historySentence(added)).toBe('Sam Supervisor added Cleo Client to site Larch Court.');
    expect(historyChanges(added)).toEqual(['Role: Client']);
    const account = entry({
      entityType: 'user',
      action: 'updated',
      before: { role: 'engineer', active: true },
      after: { role: 'supervisor', active: false, password: 'changed' },
      names: { person: 'Edward' },
    });
    expect(historySentence(account)).toBe('Sam Supervisor changed the account of Edward.');
    expect(historyChanges(account)).toEqual(['Role: Engineer → Supervisor', 'Active: Yes → No', 'Password: changed']);
  });

  it("lists a site's changed design parameters by their labels, not as JSON", () => {
    const design = defaultDesignParameters();
    const e = entry({
      entityType: 'site',
      action: 'updated',
      before: { designParameters: design },
      after: { designParameters: { ...design, standby: { ...design.standby, flowTempMax: '49' } } },
      names: { site: 'Ash Court' },
    });
    expect(historyChanges(e)).toEqual([
      `Design parameters, Standby: Flow Temperature, highest: ${design.standby.flowTempMax} → 49`,
    ]);
  });

  it("names a property type's own design value by its type, group and label", () => {
    const design = defaultDesignParameters();
    const e = entry({
      entityType: 'site',
      action: 'updated',
      before: { designParameters: design },
      after: { designParameters: { ...design, byPropertyType: { '2b4p': { standby: { returnTempMax: '48' } } } } },
      names: { site: 'Ash Court' },
    });
    expect(historyChanges(e)).toEqual(['Design parameters, 2b4p, Standby: Return Temperature, highest: none → 48']);
  });

  it('leaves out the fields a new record left empty', () => {
    const e = entry({
      entityType: 'property',
      action: 'created',
      after: { siteId: 's', address: 'Flat 9', propertyType: '1b2p', block: '', floor: '' },
      names: { site: 'Ash Court', property: 'Flat 9' },
    });
    expect(historyChanges(e)).toEqual(['Address: Flat 9', 'Property type: 1b2p']);
  });

  it('has a title in sentence case for every action the server records', () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).toMatch(/^[A-Z][A-Za-z]*( [a-z-]+)*$/);
    expect(auditActionLabel('some_new_thing')).toBe('Some new thing');
  });
});
