// Seeds the team-review figures on top of seed-reports.ts: one report in twenty awaiting review (the rest
// approved), and the history grown to --events entries (5 million), spread over sites, properties and
// reports, with one report of Big Site given a history of its own to read.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/seed-team.ts [--events 5000000]
// Adds only what is missing: run it again and it tops the history up to --events.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BIG_SITE } from './seed-reports-constants.js';

const { values: args } = parseArgs({
  options: { events: { type: 'string', default: '5000000' }, batch: { type: 'string', default: '500000' } },
});
const want = Number(args.events);
const batch = Number(args.batch);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the seeded PostgreSQL database');

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = (text: string, values: unknown[] = []) => client.query(text, values);
const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);

// Stable ids shaped like random (version 4) UUIDs, which the API's schemas require.
await q(`CREATE FUNCTION pg_temp.v4(t text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
  SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
  FROM md5(t) h $$`);

// Review states as a running office has them: most decided, a queue of the latest.
const { rows: states } = await q(
  `SELECT count(*) FILTER (WHERE review_state = 'awaiting_review')::int AS awaiting, count(*)::int AS total FROM reports`,
);
if (states[0].awaiting > states[0].total / 10) {
  await q(
    `UPDATE reports SET review_state = CASE WHEN hashtext(id::text) % 20 = 0 THEN 'awaiting_review' ELSE 'approved' END`,
  );
  await q('VACUUM (ANALYZE) reports');
}
console.log(`${seconds()} s: review states set`);

const { rows: have } = await q('SELECT count(*)::int AS n FROM audit_log');
let n = have[0].n as number;
const { rows: sites } = await q('SELECT id FROM sites ORDER BY id');
const siteIds = sites.map((s: { id: string }) => s.id);
while (n < want) {
  const count = Math.min(batch, want - n);
  // Made by the database: entity, site and property vary with the row number; every tenth is a report's.
  await q(
    `INSERT INTO audit_log (at, actor_id, actor_name, entity_type, entity_id, action, before, after, reason, site_id, property_id)
     SELECT timestamptz '2024-06-01 08:00:00+00' + g * interval '9 seconds', NULL, 'Bench Supervisor',
       (ARRAY['report','property','assignment','site'])[g % 4 + 1],
       pg_temp.v4('entity' || (g % 700000))::text,
       (ARRAY['submitted','updated','assigned','approved'])[g % 4 + 1],
       '{"reviewState":"awaiting_review"}'::jsonb, '{"reviewState":"approved"}'::jsonb, NULL,
       ($3::uuid[])[g % array_length($3::uuid[], 1) + 1],
       pg_temp.v4('property' || (g % 100000))
     FROM generate_series($1::bigint, $2::bigint) g`,
    [n + 1, n + count, siteIds],
  );
  n += count;
  console.log(`${seconds()} s: ${n} history entries`);
}

// One report of Big Site with its own steps, as the review screen reads them.
const { rows: target } = await q(
  `SELECT id, site_id, property_id FROM reports WHERE site_name = $1 ORDER BY completed_at DESC LIMIT 1`,
  [BIG_SITE],
);
const report = target[0];
const { rows: own } = await q(
  `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'report' AND entity_id = $1`,
  [report.id],
);
if (own[0].n === 0) {
  for (const action of ['submitted', 'sent_back', 'corrected', 'approved'])
    await q(
      `INSERT INTO audit_log (actor_name, entity_type, entity_id, action, site_id, property_id)
       VALUES ('Bench Supervisor', 'report', $1, $2, $3, $4)`,
      [report.id, action, report.site_id, report.property_id],
    );
}
await q('VACUUM (ANALYZE) audit_log');
const size = await q(`SELECT pg_size_pretty(pg_total_relation_size('audit_log')) AS size`);
console.log(`${seconds()} s: ${n} history entries; audit_log with indexes ${size.rows[0].size}`);
await client.end();
