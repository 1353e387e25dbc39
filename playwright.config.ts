import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_PATH, DATA_DIR, E2E_PORT } from './e2e/fixtures/env';

// Browser tests at a phone's size in the system Chromium (Playwright's own browser download is not used).
// Build the web app first (`npm run build`); `npm test` does. See e2e/README.md for the fixtures.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Limits that catch a hang, not timing targets (those are benchmarks): a whole check with photos and a PDF takes
  // 45 s on a 2-core machine running other work, and a screen can take seconds to answer there.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: Math.min(2, os.availableParallelism()),
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_OUTPUT ?? 'playwright-report/results.json' }]],
  globalSetup: './e2e/fixtures/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The built app on an empty embedded database, wiped before and after (scripts/e2e-server.mjs).
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    // WEBHOOK_ALLOW_PRIVATE: the webhook test's receiver listens on this machine (decision 165).
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR,
      DATABASE_URL: '',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      NOTIFICATION_DIGESTS: 'false',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
