import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
// Served from our own origin (and cached by the service worker after the first scan), never from a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Detector } from './detector-type';

let prepared = false;

export function createPolyfillDetector(formats: string[]): Detector {
  if (!prepared) {
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    });
    prepared = true;
  }
  return new BarcodeDetector({ formats: formats as BarcodeFormat[] });
}
