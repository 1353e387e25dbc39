import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Property, ReportSummary, Site } from '@hiu/domain';
import { passingData } from '../apps/server/test/helpers/check-data';
import { expect } from './fixtures';
import { uploadPhotoAndSignature } from './report-files';

const basics = (site: Site, property: Property, serial: string) => ({
  siteId: site.id,
  propertyId: property.id,
  siteName: site.name,
  address: property.address,
  dwellingType: property.propertyType,
  hiuModel: 'Evo 40',
  hiuSerial: serial,
  startTime: '2026-03-02T09:00:00.000Z',
  meterStart: '100.5',
});

async function post(page: Page, body: Record<string, unknown>): Promise<ReportSummary> {
  const res = await page.request.post('/api/reports', { data: { id: randomUUID(), notes: '', ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ReportSummary;
}

/** Files a device failure at step 2 (bypass valve open) through the API, as the Failed page does. */
export function fileFailedCheck(page: Page, site: Site, property: Property, completedAt: string, serial = 'SN-F1') {
  return post(page, {
    wizardData: {
      ...basics(site, property, serial),
      initialChecks: {
        bypassClosed: false,
        strainerClean: true,
        clipsRemoved: true,
        meterOk: true,
        systemPressure: '1.2',
      },
    },
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
    wizardData: { ...passingData(site, property.id, photo, signature), ...basics(site, property, serial) },
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
      wizardData: basics(site, property, 'SN-D1'),
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
