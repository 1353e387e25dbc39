import os from 'node:os';
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
          // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where a
          // worker waits on its database much of the time. Two kept both cores busy (a PGlite run 651 s -> 518 s).
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
