import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Property, ReportSummary, Site } from '@hiu/domain';
import { passingCheck } from '@hiu/domain/testing';
import { expect } from './fixtures';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../packages/report-pdf/test/fixtures', name));

/** Uploads a photo and a signature as the signed-in engineer, as the wizard does before a submit. */
export async function uploadPhotoAndSignature(page: Page): Promise<{ photo: string; signature: string }> {
  const photo = randomUUID();
  const signature = randomUUID();
  for (const [id, file, type, kind] of [
    [photo, 'photo.jpg', 'image/jpeg', 'photo'],
    [signature, 'signature.png', 'image/png', 'signature'],
  ] as const) {
    const res = await page.request.put(`/api/files/${id}?kind=${kind}`, {
      data: fixture(file),
      headers: { 'content-type': type },
    });
    expect(res.status()).toBe(201);
  }
  return { photo, signature };
}

/** A passing report of the property (readings changed by `change`) submitted through the API as the engineer on `page`. */
export async function submitThroughApi(
  page: Page,
  site: Site,
  property: Property,
  minutesAgo: number,
  change: Parameters<typeof passingCheck>[0] = {},
): Promise<ReportSummary> {
  const begun = Date.now() - (minutesAgo + 1) * 60_000;
  const { photo, signature } = await uploadPhotoAndSignature(page);
  const wizardData = passingCheck({
    site,
    propertyId: property.id,
    address: property.address,
    dwellingType: property.propertyType,
    photoId: photo,
    signatureId: signature,
    startTime: new Date(begun).toISOString(),
    ...change,
  });
  const failing = Object.keys(change).length > 0;
  const res = await page.request.post('/api/reports', {
    data: {
      id: randomUUID(),
      wizardData,
      notes: failing ? 'Reading out of range, to be re-tested.' : '',
      failedStep: null,
      completedAt: new Date(begun + 60_000).toISOString(),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as ReportSummary;
}
