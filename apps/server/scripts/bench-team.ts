// Benchmarks the team screens' first data against a database seeded by seed-reports.ts and seed-team.ts:
// the review queue, the review counts, a report with its revisions, and the History panels.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-team.ts [--port 3605] [--runs 20]
// Prints a Markdown table (the same columns as bench-reports.ts).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BIG_SITE } from './seed-reports-constants.js';
import { startBenchServer, TABLE_HEAD } from './bench-server.js';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3605' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(args.runs);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the seeded PostgreSQL database');
const server = await startBenchServer(args.port!, databaseUrl);
const rows: string[] = [];
const timed = async (label: string, p: string) => rows.push(await server.timedRow(label, p, runs));

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const one = async (sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows[0];
const counts =
  await one(`SELECT (SELECT count(*) FROM reports)::int AS reports, (SELECT count(*) FROM audit_log)::int AS events,
  (SELECT count(*) FROM reports WHERE review_state = 'awaiting_review')::int AS awaiting`);
const big = await one(`SELECT id FROM sites WHERE name = $1`, [BIG_SITE]);
const bigAwaiting = await one(
  `SELECT count(*)::int AS n FROM reports WHERE site_id = $1 AND review_state = 'awaiting_review'`,
  [big.id],
);
const report =
  await one(`SELECT r.id, r.site_id, a.property_id FROM audit_log a JOIN reports r ON r.id::text = a.entity_id
  WHERE a.entity_type = 'report' AND a.action = 'corrected' ORDER BY a.id DESC LIMIT 1`);
const someSite = await one(`SELECT site_id FROM audit_log WHERE site_id IS NOT NULL ORDER BY id DESC LIMIT 1`);
const someProperty = await one(
  `SELECT property_id FROM audit_log WHERE property_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
);
await client.end();
console.log(
  `Seeded: ${counts.reports} reports (${counts.awaiting} awaiting review; ${bigAwaiting.n} on ${BIG_SITE}), ${counts.events} history entries`,
);

await timed('Baseline: signed-in call', '/api/auth/me');
await timed('Review counts on home (every site)', '/api/me/review-counts');
await timed(
  `Review queue of ${BIG_SITE}, first page of 25 (${bigAwaiting.n} waiting)`,
  `/api/sites/${big.id}/review-queue`,
);
await timed(`Review queue of ${BIG_SITE}, failing only`, `/api/sites/${big.id}/review-queue?verdict=FAIL`);
await timed('A report to review, with its revisions', `/api/reports/${report.id}`);
await timed("A report's history", `/api/audit?entityType=report&entityId=${report.id}`);
await timed("A site's history, first page of 50", `/api/audit?siteId=${someSite.site_id}&limit=50`);
await timed("A property's history, first page of 50", `/api/audit?propertyId=${someProperty.property_id}&limit=50`);
await timed('The whole history, first page of 50', '/api/audit?limit=50');
await timed('The whole history, one action, first page of 50', '/api/audit?action=approved&limit=50');

console.log(`\n${TABLE_HEAD}\n${rows.join('\n')}`);
server.stop();
