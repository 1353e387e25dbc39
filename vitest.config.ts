import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // One app and database per worker process, reused by every file it runs (see helpers/test-app.ts):
          // starting PGlite and migrating costs seconds, so isolating each file in its own process would
          // multiply that by the number of files. API tests must not mock modules (vi.mock would leak).
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
