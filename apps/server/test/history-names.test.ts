import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

type Entry = {
  action: string;
  entityType: string;
  names: Record<string, string | null>;
};

/** A flat taken through assign, send back, re-test and approve. */
async function flatThroughTheLoop() {
  const app = await t.app();
  const admin = await signedIn(app, 'admin', { name: 'Ada Admin' });
  const eng = await signedIn(app, 'engineer', { name: 'Erin Engineer' });
  const supervisor = await signedIn(app, 'supervisor', { name: 'Sam Supervisor' });
  const site = await createSite(admin, { name: `Larch Court ${Math.random().toString(36).slice(2, 7)}` });
  // An engineer may already be on every site; either way they are a member after this.
  for (const who of [supervisor, eng])
    expect([200, 201]).toContain((await admin.put(`/api/sites/${site.id}/members/${who.userId}`)).statusCode);
  const property = await createProperty(admin, site.id, { address: 'Flat 3, Larch House', propertyType: '2b4p' });
  const assigned = await supervisor.post(`/api/sites/${site.id}/assignments`, {
    engineerId: eng.userId,
    propertyIds: [property.id],
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const first = await submitPassingReport(eng, site, property.id);
  const back = await supervisor.post(`/api/reports/${first}/review`, {
    decision: 'send_back',
    reason: 'The serial does not match the plate',
    fields: ['hiuSerial'],
  });
  expect(back.statusCode, back.body).toBe(200);
  const retest = await submitPassingReport(eng, site, property.id, '2026-03-03T10:25:00.000Z');
  const approved = await supervisor.post(`/api/reports/${retest}/review`, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  const reference = async (id: string) => (await eng.get(`/api/reports/${id}`)).json().reference as string;
  return {
    admin,
    supervisor,
    site,
    property,
    refs: { first: await reference(first), retest: await reference(retest) },
  };
}

describe('history entries name what they are about', () => {
  // One flat for the API, its pages and the CSV: each loop builds two report PDFs.
  it('names the site, the flat, the report and the person in the history API, on every page, and in the CSV', async () => {
    const { admin, supervisor, site, property, refs } = await flatThroughTheLoop();
    const items: Entry[] = (await supervisor.get(`/api/audit?propertyId=${property.id}`)).json().items;
    const of = (action: string, nth = 0) => items.filter((i) => i.action === action)[nth]!;
    const flat = { site: site.name, property: 'Flat 3, Larch House' };
    expect(
      items.map((i) => i.action),
      JSON.stringify(items.map((i) => [i.action, i.entityType])),
    ).toEqual(['approved', 'submitted', 'sent_back', 'submitted', 'assigned', 'created']);
    expect(of('approved').names).toMatchObject({ ...flat, report: refs.retest });
    expect(of('submitted').names).toMatchObject({ ...flat, report: refs.retest, retestOf: refs.first });
    expect(of('sent_back').names).toMatchObject({ ...flat, report: refs.first });
    expect(of('assigned').names).toMatchObject({ ...flat, person: 'Erin Engineer' });
    expect(of('created').names).toMatchObject(flat);
    const members: Entry[] = (await supervisor.get(`/api/audit?siteId=${site.id}&action=member_added`)).json().items;
    expect(members.map((m) => m.names.person)).toContain('Sam Supervisor');

    // Every page is named, not only the first.
    const first = (await admin.get(`/api/audit?propertyId=${property.id}&limit=2`)).json();
    const second = (await admin.get(`/api/audit?propertyId=${property.id}&limit=2&before=${first.nextBefore}`)).json();
    expect([...first.items, ...second.items].map((i: Entry) => i.names.property)).toEqual(
      Array(4).fill('Flat 3, Larch House'),
    );

    // The CSV: the sentence, the names and the readable change beside the ids.
    const csv = await admin.get(`/api/audit.csv?siteId=${site.id}&action=sent_back`);
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      '"When (UTC)","Who","Action","What happened","Changes","Reason","Site","Property","Report","Entity",' +
        '"Entity ID","Site ID","Property ID","Before","After"',
    );
    expect(line).toContain(`"Sam Supervisor sent back report ${refs.first} for Flat 3, Larch House at ${site.name}."`);
    expect(line).toContain('"Report sent back"');
    expect(line).toContain(
      'Review: Awaiting review → Sent back\nMarked for the engineer: Basic Information: HIU serial',
    );
    expect(line).toContain(`"${site.name}","Flat 3, Larch House","${refs.first}","Report"`);
    expect(line).toContain(`"${site.id}"`);
  });

  it("names a deleted site's entries from what they recorded", async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin', { name: 'Ada Admin' });
    const site = await createSite(admin, { name: 'Ash Court' });
    await admin.delete(`/api/sites/${site.id}`);
    const csv = await admin.get(`/api/audit.csv?entityType=site&entityId=${site.id}&action=deleted`);
    expect(csv.body).toContain('"Ada Admin deleted site Ash Court."');
  });
});
