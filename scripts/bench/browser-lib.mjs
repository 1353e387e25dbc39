// Helpers for the web benchmarks that drive Chromium: the browser, CPU slowdown, and one web-app module
// bundled for a blank page.
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
}

/** 4x slowdown is what Lighthouse's mobile profile applies; CDP Emulation.setCPUThrottlingRate. */
export async function throttleCpu(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** Bundles one source file of the web app as a script that sets window[globalName] to its exports. */
export async function bundleForPage(file, globalName) {
  const { build } = await import(path.join(root, 'node_modules/vite/dist/node/index.js'));
  const out = await build({
    root: path.join(root, 'apps/web'),
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(root, file), name: globalName, formats: ['iife'], fileName: globalName },
    },
  });
  const outputs = Array.isArray(out) ? out : [out];
  return outputs[0].output[0].code;
}
