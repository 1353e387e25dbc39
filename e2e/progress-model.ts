import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Property, ReportSummary, Site } from '@hiu/domain';
import { checkUpToStep, passingCheck, signedFailure } from '@hiu/domain/testing';
import { expect } from './fixtures';
import { uploadPhotoAndSignature } from './report-files';

/**
 * A time `n` minutes before now. A report's times must fall after its site was made (a moment ago in a
 * test) and not in the future (decision 120), so tests date their checks within these few minutes.
 */
export const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A check of this property: its site, address and type, the unit's serial, begun a minute before `completedAt`. */
const of = (site: Site, property: Property, serial: string, completedAt: string) => ({
  site,
  propertyId: property.id,
  address: property.address,
  dwellingType: property.propertyType,
  hiuSerial: serial,
  startTime: new Date(Date.parse(completedAt) - 60_000).toISOString(),
});

async function post(page: Page, body: Record<string, unknown>): Promise<ReportSummary> {
  const res = await page.request.post('/api/reports', { data: { id: randomUUID(), notes: '', ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ReportSummary;
}

/** Files a signed device failure at step 2 (bypass valve open) through the API, as the failure evidence screen does. */
export async function fileFailedCheck(
  page: Page,
  site: Site,
  property: Property,
  completedAt: string,
  serial = 'SN-F1',
) {
  const { signature } = await uploadPhotoAndSignature(page);
  return post(page, {
    wizardData: signedFailure(2, signature, {
      ...of(site, property, serial, completedAt),
      initialChecks: { bypassClosed: false },
    }),
    failedStep: 2,
    completedAt,
  });
}

/** Uploads a photo and a signature and files a complete passing check through the API, as the wizard does. */
export async function filePassedCheck(
  page: Page,
  site: Site,
  property: Property,
  completedAt: string,
  serial = 'SN-P1',
) {
  const { photo, signature } = await uploadPhotoAndSignature(page);
  return post(page, {
    wizardData: passingCheck({ ...of(site, property, serial, completedAt), photoId: photo, signatureId: signature }),
    failedStep: null,
    completedAt,
  });
}

/** Saves a draft of a check of the property through the API, as the wizard's autosave does. */
export async function saveDraft(page: Page, site: Site, property: Property) {
  const res = await page.request.post('/api/drafts', {
    data: {
      id: randomUUID(),
      siteId: site.id,
      propertyId: property.id,
      currentStep: 'Initial Checks',
      wizardData: checkUpToStep(1, of(site, property, 'SN-D1', new Date().toISOString())),
    },
  });
  expect(res.status()).toBe(200);
}

/** Home: choose the site in the Start New Check card. */
export async function chooseSite(page: Page, site: Site) {
  await page.goto('/');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
}

/** The picker's option for an address. */
export function option(page: Page, address: string) {
  return page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}
