import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

let prepared = false;

/** A barcode or QR code as PNG bytes, made by the ZXing writer from the package (no network). */
export async function barcodePng(text: string, format: 'Code128' | 'QRCode'): Promise<Buffer> {
  if (!prepared) {
    const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    });
    prepared = true;
  }
  const result = await writeBarcode(text, { format, scale: 4 });
  if (result.error || !result.image) throw new Error(`barcode: ${result.error}`);
  return Buffer.from(await result.image.arrayBuffer());
}

/**
 * Replaces the phone's camera for this page: getUserMedia answers with a video stream that shows `png` on a
 * white card (a canvas stream), so the app's real scanner and decoder read it as they would a label.
 * With 'refused', getUserMedia fails as when the engineer says no to the camera.
 */
export async function fakeCamera(page: Page, camera: Buffer | 'refused') {
  const dataUrl = camera === 'refused' ? 'refused' : `data:image/png;base64,${camera.toString('base64')}`;
  await page.addInitScript((src) => {
    const media = navigator.mediaDevices;
    if (!media) return;
    media.getUserMedia = async () => {
      if (src === 'refused') throw new DOMException('Permission denied', 'NotAllowedError');
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 720;
      const ctx = canvas.getContext('2d')!;
      const draw = () => {
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        const scale = Math.min((canvas.width * 0.7) / img.width, (canvas.height * 0.7) / img.height);
        const w = img.width * scale;
        const h = img.height * scale;
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(img, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
      };
      draw();
      // A canvas stream only sends frames when the canvas changes: keep repainting, as a camera would.
      window.setInterval(draw, 100);
      return canvas.captureStream(10);
    };
  }, dataUrl);
}
