import { describe, expect, it } from 'vitest';
import {
  PDF_IMAGE_BUDGET,
  pdfImageBudget,
  pdfImageNotShown,
  photoWithinLimits,
  UPLOAD_LIMITS,
  WEBP_MIN_BYTES_PER_MEGAPIXEL,
  webpMinBytes,
} from '../src/index.js';

/** A lossless WebP header declaring width x height, padded to `bytes` (only the header is ever read here). */
function webp(width: number, height: number, bytes: number): Uint8Array {
  const out = new Uint8Array(Math.max(bytes, 30));
  const view = new DataView(out.buffer);
  out.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  view.setUint32(4, out.length - 8, true);
  out.set(
    [...'WEBPVP8L'].map((c) => c.charCodeAt(0)),
    8,
  );
  view.setUint32(16, out.length - 20, true);
  out[20] = 0x2f;
  view.setUint32(21, (width - 1) | ((height - 1) << 14), true);
  return out;
}

/** A baseline JPEG's start and frame header declaring width x height, padded to `bytes`. */
function jpeg(width: number, height: number, bytes: number): Uint8Array {
  const out = new Uint8Array(Math.max(bytes, 32));
  out.set([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08]);
  const view = new DataView(out.buffer);
  view.setUint16(7, height);
  view.setUint16(9, width);
  return out;
}

/** A PNG signature and header declaring width x height, padded to `bytes`. */
function png(width: number, height: number, bytes: number): Uint8Array {
  const out = new Uint8Array(Math.max(bytes, 33));
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return out;
}

const KB = 1024;
const side = UPLOAD_LIMITS.photo.maxSide;

describe('the bytes a WebP needs for its pixels', () => {
  it('is a kilobyte per megapixel, rounded up', () => {
    expect(WEBP_MIN_BYTES_PER_MEGAPIXEL).toBe(1000);
    expect(webpMinBytes({ width: 1000, height: 1000 })).toBe(1000);
    expect(webpMinBytes({ width: 2048, height: 2048 })).toBe(4195);
    expect(webpMinBytes({ width: 1, height: 1 })).toBe(1);
  });

  it("refuses the attack's 520-byte 2048 x 2048 WebP and takes what a browser's encoder writes for a flat picture", () => {
    expect(photoWithinLimits(webp(2048, 2048, 520), 'image/webp')).toBeUndefined();
    // Chromium's lossy encoder writes 8,000 bytes for a blank 2048 x 2048 canvas and 3,958 for a black
    // 1600 x 1200 photo, at any quality.
    expect(photoWithinLimits(webp(2048, 2048, 8000), 'image/webp')).toEqual({ width: 2048, height: 2048 });
    expect(photoWithinLimits(webp(1600, 1200, 3958), 'image/webp')).toEqual({ width: 1600, height: 1200 });
    expect(photoWithinLimits(webp(2048, 2048, 4194), 'image/webp')).toBeUndefined();
    expect(photoWithinLimits(webp(2048, 2048, 4195), 'image/webp')).toBeDefined();
    // Small images need few bytes: a 13 x 7 lossless icon of 30 bytes passes.
    expect(photoWithinLimits(webp(13, 7, 30), 'image/webp')).toEqual({ width: 13, height: 7 });
  });

  it('asks nothing of a JPEG (embedded as it is) nor a PNG beyond the size limits', () => {
    expect(photoWithinLimits(jpeg(2048, 2048, 600), 'image/jpeg')).toEqual({ width: 2048, height: 2048 });
    expect(photoWithinLimits(png(600, 200, 100), 'image/png')).toEqual({ width: 600, height: 200 });
    expect(photoWithinLimits(jpeg(side + 1, 100, 600), 'image/jpeg')).toBeUndefined();
    expect(photoWithinLimits(jpeg(100, 100, UPLOAD_LIMITS.photo.maxBytes + 1), 'image/jpeg')).toBeUndefined();
    expect(photoWithinLimits(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
  });
});

describe("a report PDF's image budget", () => {
  it('covers every photo the app makes at its largest and a signature, and two of the largest WebP photos', () => {
    expect(PDF_IMAGE_BUDGET.bytes).toBe(30 * 400 * KB + 512 * KB);
    expect(PDF_IMAGE_BUDGET.decodedPixels).toBe(2 * side * side + 4 * 600 * 200);
  });

  it('shows images in the order taken until the bytes run out; a later smaller one still fits', () => {
    const budget = pdfImageBudget({ bytes: 1000 * KB, decodedPixels: 10_000_000 });
    expect(budget.take(jpeg(1600, 1200, 400 * KB))).toBe('shown');
    expect(budget.take(jpeg(1600, 1200, 400 * KB))).toBe('shown');
    expect(budget.take(jpeg(1600, 1200, 400 * KB))).toBe('over_bytes');
    expect(budget.fits(200 * KB)).toBe(true);
    expect(budget.take(jpeg(1600, 1200, 200 * KB))).toBe('shown');
    expect(budget.spent).toEqual({ bytes: 1000 * KB, decodedPixels: 0 });
    // Nothing more fits: the next image need not even be read.
    expect(budget.fits(1)).toBe(false);
  });

  it('counts the pixels of what must be decoded (WebP and PNG), never those of a JPEG', () => {
    const budget = pdfImageBudget();
    expect(budget.take(png(600, 200, 14 * KB))).toBe('shown');
    expect(budget.take(webp(2048, 2048, 8000))).toBe('shown');
    expect(budget.take(jpeg(2048, 2048, 300 * KB))).toBe('shown');
    expect(budget.take(webp(2048, 2048, 8000))).toBe('shown');
    expect(budget.take(webp(2048, 2048, 8000))).toBe('over_pixels');
    expect(budget.take(webp(100, 100, 500))).toBe('shown');
    expect(budget.take(jpeg(2048, 2048, 300 * KB))).toBe('shown');
    expect(budget.spent.decodedPixels).toBe(600 * 200 + 2 * 2048 * 2048 + 100 * 100);
  });

  it('spends nothing on an image that is damaged, over the upload limits or too few bytes for its pixels', () => {
    const budget = pdfImageBudget();
    expect(budget.take(webp(2048, 2048, 520))).toBe('unreadable');
    expect(budget.take(jpeg(7000, 7000, 600))).toBe('unreadable');
    expect(budget.take(new TextEncoder().encode('<svg/>'))).toBe('unreadable');
    expect(budget.take(png(7000, 7000, 143 * KB))).toBe('unreadable');
    expect(budget.spent).toEqual({ bytes: 0, decodedPixels: 0 });
  });

  it('says in the PDF why a photo is not shown, in words that fit its box', () => {
    expect(pdfImageNotShown('over_bytes')).toBe('Photo not shown: the photos are over 12.2 MB in all');
    expect(pdfImageNotShown('over_pixels')).toBe('Photo not shown: over 8.9 megapixels to convert');
    for (const text of [pdfImageNotShown('over_bytes'), pdfImageNotShown('over_pixels')])
      expect(text.length).toBeLessThanOrEqual(52);
  });
});
