import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from './helpers/test-app.js';
import { createProperty, createSite } from './helpers/admin-data.js';
import { submitPassingReport } from './helpers/team.js';

const t = useTestApp();

describe('sending back marks answers as well as readings', () => {
  it('marks a yes/no answer and a reading; the engineer sees both on My flats', async () => {
    const app = await t.app();
    const admin = await signedIn(app, 'admin');
    const eng = await signedIn(app, 'engineer');
    const supervisor = await signedIn(app, 'supervisor');
    const site = await createSite(admin, { name: 'Hazel Court' });
    expect((await admin.put(`/api/sites/${site.id}/members/${supervisor.userId}`)).statusCode).toBe(201);
    const flat = await createProperty(admin, site.id, { address: 'Flat 9, Hazel House', propertyType: '2b4p' });
    const id = await submitPassingReport(eng, site, flat.id);
    await supervisor.post(`/api/sites/${site.id}/assignments`, { engineerId: eng.userId, propertyIds: [flat.id] });
    const res = await supervisor.post(`/api/reports/${id}/review`, {
      decision: 'send_back',
      reason: 'The photo shows the strainer full of debris',
      fields: ['initialChecks.strainerClean', 'standbyFlowTemp'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviewFields).toEqual(['initialChecks.strainerClean', 'standbyFlowTemp']);
    const [mine] = (await eng.get('/api/me/assignments')).json();
    expect(mine.reviewFields).toEqual(['initialChecks.strainerClean', 'standbyFlowTemp']);
  });
});
