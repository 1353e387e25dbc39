import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// `npm run bench:taps` (scripts/bench/taps.mjs): the browser tests' set-up, for the walks in this folder only.
const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: `${root}test-results/bench`,
  globalSetup: `${root}e2e/fixtures/global-setup.ts`,
  reporter: 'line',
  workers: 1,
  retries: 0,
  webServer: { ...base.webServer!, cwd: root } as NonNullable<typeof base.webServer>,
});
