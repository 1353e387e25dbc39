/* global window, OffscreenCanvas, createImageBitmap */
// Target 4: a 12-megapixel camera photo is reduced on the device in at most 1.5 s at 4x CPU slowdown,
// to at most 400 KB. Runs the app's own compressPhoto (features/check/state/compress-image.ts) in Chromium
// on a 4000 x 3000 JPEG with camera-like detail, --runs times (default 3), and prints the median.
// Usage: npm run bench:photo [-- --runs=3 --cpu=4]
import { bundleForPage, launchChromium, throttleCpu } from './browser-lib.mjs';
import { median, option, verdict } from './report.mjs';

const runs = Number(option('runs', 3));
const cpu = Number(option('cpu', 4));
const MAX_MS = 1500;
const MAX_KB = 400;

const script = await bundleForPage('apps/web/src/features/check/state/compress-image.ts', 'photoLib');
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>photo bench</title>');
  await page.addScriptTag({ content: script });
  // A camera-like photo: smooth light, edges and sensor noise, so it compresses like a real one (3-5 MB).
  const source = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const ctx = canvas.getContext('2d');
    const sky = ctx.createLinearGradient(0, 0, 4000, 3000);
    sky.addColorStop(0, '#8fb3d9');
    sky.addColorStop(1, '#3d5a40');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 4000, 3000);
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 1500; i++) {
      ctx.fillStyle = `hsl(${rand() * 360} ${30 + rand() * 50}% ${20 + rand() * 60}%)`;
      ctx.fillRect(rand() * 4000, rand() * 3000, 20 + rand() * 300, 20 + rand() * 300);
    }
    const img = ctx.getImageData(0, 0, 4000, 3000);
    for (let i = 0; i < img.data.length; i += 4) {
      const n = (rand() - 0.5) * 40;
      img.data[i] += n;
      img.data[i + 1] += n;
      img.data[i + 2] += n;
    }
    ctx.putImageData(img, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    window.sourcePhoto = blob;
    return { bytes: blob.size };
  });
  console.log(`source photo: 4000 x 3000 JPEG, ${(source.bytes / 1024 / 1024).toFixed(1)} MB; CPU slowdown ${cpu}x`);
  await throttleCpu(page, cpu);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const r = await page.evaluate(async () => {
      const started = performance.now();
      const out = await window.photoLib.compressPhoto(window.sourcePhoto);
      const ms = performance.now() - started;
      const bitmap = await createImageBitmap(out);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return { ms, bytes: out.size, type: out.type, ...size };
    });
    samples.push(r);
    console.log(
      `  run ${i + 1}: ${Math.round(r.ms)} ms, ${(r.bytes / 1024).toFixed(0)} KB, ${r.width} x ${r.height} ${r.type}`,
    );
  }
  const ms = Math.round(median(samples.map((s) => s.ms)));
  const kb = Math.round(median(samples.map((s) => s.bytes)) / 1024);
  console.log(`\nMedian of ${runs} run(s):`);
  console.log(verdict('photo 12 MP reduce ms (4x CPU)', ms, `<= ${MAX_MS}`, ms <= MAX_MS));
  console.log(verdict('photo 12 MP reduced KB', kb, `<= ${MAX_KB}`, kb <= MAX_KB));
} finally {
  await browser.close();
}
