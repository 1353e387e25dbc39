import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
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
