import { sql, type SQL } from 'drizzle-orm';
import { conflict } from '../http/errors.js';

/** LIKE pattern for "contains q", with the user's %, _ and \ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains". lower() LIKE lower() rather than ILIKE: measured about five times faster on
 * PostgreSQL (docs/benchmarks.md), and lower(address) is the indexed expression.
 */
export const containsIgnoringCase = (column: SQL, q: string): SQL =>
  sql`lower(${column}) LIKE lower(${containsPattern(q)})`;

export function* chunks<T>(items: T[], size: number): Generator<T[], void, unknown> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** PostgreSQL unique_violation, as thrown by node-postgres or PGlite (possibly wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** For `.catch(...)`: a unique violation becomes a 409 with this message, anything else is rethrown. */
export const rethrowUnique =
  (message: string, fields?: Record<string, string>) =>
  (err: unknown): never => {
    if (isUniqueViolation(err)) throw conflict(message, fields);
    throw err;
  };
