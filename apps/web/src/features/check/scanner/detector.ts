import type { Detector } from './detector-type';

export type { Detector };

/** Labels on HIUs and valves: 1D codes (Code 128/39, EAN, ITF) and QR or Data Matrix stickers. */
export const FORMATS = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'ean_13',
  'ean_8',
  'itf',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
] as const;

interface NativeDetectorClass {
  new (options?: { formats?: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it has one (Chrome on Android, Safari on macOS), otherwise the
 * ZXing WebAssembly polyfill, fetched only now, when the scanner opens.
 */
export async function createDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    const formats = FORMATS.filter((f) => supported.includes(f));
    if (formats.length > 0) return new Native({ formats });
  }
  const { createPolyfillDetector } = await import('./polyfill-detector');
  return createPolyfillDetector([...FORMATS]);
}
