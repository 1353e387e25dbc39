import { describe, expect, it } from 'vitest';
import { runSoak } from '../../../../scripts/soak/soak.mjs';

/**
 * The short form of the load soak (`npm run soak` runs it for 10 minutes): 200 engineers saving drafts,
 * uploading and submitting (some twice with the same id) against the real server on PostgreSQL.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 35);

describe.runIf(onPostgres)('load soak (short form)', () => {
  it(
    `200 engineers for ${SECONDS} s: no errors, every report stored once, memory within bound`,
    // The PDF queue is waited for while it drains, however slow the machine (the soak gives up only on a stuck
    // queue): this bound is the test runner's last resort, not a target.
    { timeout: (SECONDS + 900) * 1000 },
    async () => {
      const { ok, figures } = await runSoak({
        seconds: SECONDS,
        engineers: 200,
        port: 3705,
        databaseUrl: process.env.TEST_DATABASE_URL!,
      });
      expect(figures.firstErrors).toEqual([]);
      expect(figures.reportsSubmitted).toBeGreaterThan(0);
      expect(figures.reportsStored).toBe(figures.reportsSubmitted);
      expect(figures.reportsLost).toBe(0);
      expect(figures.reportsDuplicatedOrUnexpected).toBe(0);
      expect(figures.reportsWithoutPdf).toBe(0);
      expect(figures.rssMb.atEnd).toBeLessThanOrEqual(figures.rssMb.bound);
      expect(ok).toBe(true);
    },
  );
});
