import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportPdfs } from '../src/exports/report-pdf.js';

/** The nice value of each thread of this process (Linux keeps one per thread). */
function threadNices(): number[] {
  return fs.readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

describe('PDF threads', () => {
  it.skipIf(process.platform !== 'linux')(
    'build at a lower priority than the thread that answers requests, so a draft save is not slowed by a PDF',
    async () => {
      const before = threadNices().filter((n) => n === 10).length;
      const pdfs = reportPdfs({ error: () => {} });
      await pdfs.warm();
      const after = threadNices();
      expect(after.filter((n) => n === 10).length).toBeGreaterThan(before);
      expect(after).toContain(0); // this thread, as the server's own
      await pdfs.close();
    },
  );
});
