import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const journal = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: { idx: number; when: number; tag: string }[] };

// The migrator applies only entries dated after the last one a database has: one dated earlier than its
// predecessor is skipped on every database that already has the predecessor.
describe('the migrations journal', () => {
  it('dates every migration after the one before it', () => {
    const out = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when).map((e) => e.tag);
    expect(out).toEqual([]);
  });
});
