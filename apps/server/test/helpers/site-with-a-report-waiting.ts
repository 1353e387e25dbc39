import type { FastifyInstance } from 'fastify';
import { createProperty, createSite } from './admin-data.js';
import { submitPassingReport } from './team.js';
import { signedIn } from './test-app.js';

/**
 * A site with a supervisor and a client (Cara Client) as members and two flats of `house`: Flat 1's report
 * approved, Flat 2's awaiting review. What a pack, a sign-off or a review after the build is tried on.
 */
export async function siteWithAReportWaiting(app: FastifyInstance, siteName: string, house: string) {
  const admin = await signedIn(app, 'admin');
  const eng = await signedIn(app, 'engineer');
  const supervisor = await signedIn(app, 'supervisor');
  const client = await signedIn(app, 'client', { name: 'Cara Client' });
  const site = await createSite(admin, { name: siteName });
  for (const who of [supervisor, client]) await admin.put(`/api/sites/${site.id}/members/${who.userId}`);
  const one = await createProperty(admin, site.id, { address: `Flat 1, ${house}`, propertyType: '2b4p' });
  const two = await createProperty(admin, site.id, { address: `Flat 2, ${house}`, propertyType: '2b4p' });
  const approved = await submitPassingReport(eng, site, one.id, '2026-03-02T10:00:00.000Z');
  await supervisor.post(`/api/reports/${approved}/review`, { decision: 'approve' });
  const waiting = await submitPassingReport(eng, site, two.id, '2026-03-02T11:00:00.000Z');
  return { admin, eng, supervisor, client, site, approved, waiting };
}
