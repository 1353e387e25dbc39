// What both soak commands read from their command line and environment.

/** A numeric `--name=value` argument, or the fallback. */
export const numberArg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};

/** Where `--json=<file>` asks the figures to be written, if it does. */
export const jsonOut = () => process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);

/** DATABASE_URL, TEST_DATABASE_URL, or the local PostgreSQL the tests use (started if need be). */
export async function soakDatabaseUrl() {
  const given = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return given;
  const { ensurePostgres } = await import('../ensure-postgres.mjs');
  return ensurePostgres();
}
