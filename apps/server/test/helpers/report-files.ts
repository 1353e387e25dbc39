import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from './test-app.js';

/** The report PDF package's test images: a real JPEG photo and a PNG signature. */
export const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../../packages/report-pdf/test/fixtures', name));
export const JPEG = fixture('photo.jpg');
export const PNG = fixture('signature.png');
/** The JPEG photo encoded as WebP by Chromium (800 x 600). */
export const WEBP = fixture('photo.webp');

/** The images in a PDF as poppler's pdfimages lists them: width and height of each. */
export function pdfImageSizes(bytes: Buffer): { width: number; height: number }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reports-test-'));
  fs.writeFileSync(path.join(dir, 'r.pdf'), bytes);
  const list = execFileSync('pdfimages', ['-list', path.join(dir, 'r.pdf')], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  return list
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 5)
    .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }));
}

export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A PDF's text as poppler's pdftotext reads it, whitespace collapsed. */
export function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reports-test-'));
  fs.writeFileSync(path.join(dir, 'r.pdf'), bytes);
  const text = execFileSync('pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  return text.replace(/\s+/g, ' ');
}

/** Uploads a photo or signature as `who`, as the outbox does; returns its id. */
export async function upload(who: TestClient, kind: 'photo' | 'signature', data: Buffer, id = randomUUID()) {
  const type =
    kind === 'signature' ? 'image/png' : data.subarray(8, 12).toString() === 'WEBP' ? 'image/webp' : 'image/jpeg';
  const res = await who.put(`/api/files/${id}?kind=${kind}`, data, { 'content-type': type });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return id;
}
