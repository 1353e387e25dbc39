import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statement } from '../src/db/statements.js';
import { useTestApp } from './helpers/test-app.js';

const t = useTestApp();

const echo = statement<{ v: string | null; n: number }, 'v' | 'n'>(
  'test_echo',
  sql`SELECT ${sql.placeholder('v')}::text AS v, ${sql.placeholder('n')}::int + 1 AS n`,
);

// Named statements (decision 199): the same answers on both databases, on the pool and in a transaction.
describe('a named statement', () => {
  it('binds values by name, the same on every call, quotes and backslashes as they are', async () => {
    const { db } = await t.database();
    for (const v of ["O'Brien \\ Flat 1", "'; DROP TABLE sites; --", '', null]) {
      expect(await echo.run(db, { v, n: 41 })).toEqual([{ v, n: 42 }]);
    }
    const inTransaction = await db.transaction((tx) => echo.run(tx, { v: 'in a transaction', n: 1 }));
    expect(inTransaction).toEqual([{ v: 'in a transaction', n: 2 }]);
    // The quoted "DROP TABLE" above was a value, not a statement: the table is still there.
    await expect(db.execute(sql`SELECT 1 FROM sites LIMIT 1`)).resolves.toBeDefined();
  });

  it('refuses a value it cannot send as it is', async () => {
    const { db } = await t.database();
    if ((await t.database()).kind === 'pglite')
      await expect(echo.run(db, { v: 'a\0b', n: 1 })).rejects.toThrow(/unsupported/);
    await expect(echo.run(db, { v: 'x', n: Number.NaN })).rejects.toThrow();
  });
});
