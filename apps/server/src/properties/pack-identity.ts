import { sql } from 'drizzle-orm';
import { PACK_IDENTITY_FIELDS } from '@hiu/domain';

/**
 * A pack report's device identity (the heat meter's serial ...) by key, read from `r.wizard_data`: the rule
 * book's keys, plain words. Null for a report under the standard checklist.
 */
export const packIdentitySql = sql.raw(
  `CASE WHEN r.pack_id <> 'standard' THEN json_build_object(${PACK_IDENTITY_FIELDS.map((f) => {
    if (!/^\w+$/.test(f.key)) throw new Error(`Unexpected pack field key ${f.key}`);
    return `'${f.key}', r.wizard_data->'cp1'->>'${f.key}'`;
  }).join(', ')}) END`,
);

/** The identity values the report recorded (a key its pack version lacks is null). */
export const recordedIdentity = (identity: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(identity).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
