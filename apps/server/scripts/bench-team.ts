// Benchmarks the team screens' first data against a database seeded by seed-reports.ts and seed-team.ts:
// the review queue, the review counts, a report with its revisions, and the History panels.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/bench-team.ts [--port 3605] [--runs 20]
//   DATA_DIR=/path/to/copy     npx tsx apps/server/scripts/bench-team.ts ...   (its PGlite copy, copy-to-pglite.ts)
// Prints a Markdown table (the same columns as bench-reports.ts).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { BIG_SITE } from './seed-reports-constants.js';
import { benchTarget, openBenchDatabase, startBenchServer, TABLE_HEAD } from './bench-server.js';

const { values: args } = parseArgs({
  options: { port: { type: 'string', default: '3605' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(args.runs);
const target = benchTarget();

// What the calls ask for, read before the server starts (an embedded database has one user at a time).
const bench = await openBenchDatabase(target);
type N = { n: number };
const counts = await bench.one<{ reports: number; events: number; awaiting: number }>(
  sql`SELECT (SELECT count(*) FROM reports)::int AS reports, (SELECT count(*) FROM audit_log)::int AS events,
  (SELECT count(*) FROM reports WHERE review_state = 'awaiting_review')::int AS awaiting`,
);
const big = await bench.one<{ id: string }>(sql`SELECT id FROM sites WHERE name = ${BIG_SITE}`);
const bigAwaiting = await bench.one<N>(
  sql`SELECT count(*)::int AS n FROM reports WHERE site_id = ${big.id} AND review_state = 'awaiting_review'`,
);
const report = await bench.one<{ id: string }>(
  sql`SELECT r.id, r.site_id, a.property_id FROM audit_log a JOIN reports r ON r.id::text = a.entity_id
  WHERE a.entity_type = 'report' AND a.action = 'corrected' ORDER BY a.id DESC LIMIT 1`,
);
const someSite = await bench.one<{ site_id: string }>(
  sql`SELECT site_id FROM audit_log WHERE site_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
);
const someProperty = await bench.one<{ property_id: string }>(
  sql`SELECT property_id FROM audit_log WHERE property_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
);
await bench.close();
console.log(
  `Database: ${target.kind}. Seeded: ${counts.reports} reports (${counts.awaiting} awaiting review; ${bigAwaiting.n} on ${BIG_SITE}), ${counts.events} history entries`,
);

const server = await startBenchServer(args.port!, target);
const rows: string[] = [];
const timed = async (label: string, p: string) => rows.push(await server.timedRow(label, p, runs));
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
await server.stopped();
