import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressPhoto, PHOTO_MAX_BYTES, scaledSize } from './compress-image';

describe('scaledSize (longest side at most PHOTO_MAX_SIDE, decision 007 ruling 8)', () => {
  it.each([
    [4032, 3024, 1600, 1200],
    [3024, 4032, 1200, 1600],
    [1600, 900, 1600, 900],
    [1601, 1601, 1600, 1600],
    [800, 600, 800, 600],
    [20000, 10, 1600, 1],
  ])('%ix%i -> %ix%i', (w, h, ew, eh) => {
    expect(scaledSize(w, h)).toEqual({ width: ew, height: eh });
  });
});

describe('compressPhoto keeps a photo at most PHOTO_MAX_BYTES (400 KB)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A fake browser whose JPEG encoder makes `bytesAt(quality)` bytes; returns the qualities asked for. */
  function fakeBrowser(bytesAt: (quality: number) => number) {
    const asked: number[] = [];
    vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close() {} }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext() {
          return { drawImage() {} };
        }
        async convertToBlob({ quality }: { quality: number }) {
          asked.push(quality);
          return new Blob([new Uint8Array(bytesAt(quality))], { type: 'image/jpeg' });
        }
      },
    );
    return asked;
  }

  it('encodes once at quality 0.8 when that is small enough', async () => {
    const asked = fakeBrowser(() => 300 * 1024);
    const out = await compressPhoto(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    expect(asked).toEqual([0.8]);
    expect(out.size).toBe(300 * 1024);
  });

  it('encodes again at lower quality until the photo fits', async () => {
    const asked = fakeBrowser((q) => (q >= 0.7 ? 500 * 1024 : 380 * 1024));
    const out = await compressPhoto(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    expect(asked).toEqual([0.8, 0.7, 0.6]);
    expect(out.size).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
  });
});
