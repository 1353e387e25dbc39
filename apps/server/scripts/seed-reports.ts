// Seeds a PostgreSQL database with many reports for the "Reports at scale" benchmark.
//   DATABASE_URL=postgres://... npx tsx apps/server/scripts/seed-reports.ts [--reports 500000] [--sites 1000] [--big 20000]
// One site ("Big Site") gets --big reports, the rest are spread over the other sites. Every report shares one
// small stored PDF. Also creates the admin the benchmark signs in as. Replaces reports already in the database.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_RANGES, defaultDesignParameters, wizardDataSchema } from '@hiu/domain';
import { passingCheck, roomsSetAsExpected } from '@hiu/domain/testing';
import { buildReportPdf } from '@hiu/report-pdf';
import { openDatabase } from '../src/db/client.js';
import { fillReportCsvLines } from '../src/reports/csv-export.js';
import { reportsRepository } from '../src/reports/repository.js';
import { hashPassword } from '../src/http/passwords.js';
import { BENCH_ADMIN, BIG_SITE } from './seed-reports-constants.js';

const { values: args } = parseArgs({
  options: {
    reports: { type: 'string', default: '500000' },
    sites: { type: 'string', default: '1000' },
    big: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '50000' },
  },
});
const total = Number(args.reports);
const siteCount = Number(args.sites);
const big = Number(args.big);
const batch = Number(args.batch);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to seed');

// Migrations first, through the app's own code.
await (await openDatabase({ databaseUrl: url })).close();

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = (text: string, values: unknown[] = []) => client.query(text, values);
const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);

// A full, realistic wizard data set (about 2 KB of JSON) that every row varies a little; one shared PDF, so no
// photo or signature files.
const wizardData = wizardDataSchema.parse(
  passingCheck({
    address: 'Flat 1, Example House',
    hiuModel: 'Evo Compact 40',
    engineerName: 'Bench Engineer',
    radiators: {
      roomChecks: roomsSetAsExpected(
        Object.fromEntries(['Hall', 'Living Room', 'Kitchen', 'Bedroom 1', 'Bedroom 2'].map((r) => [r, '2.5'])),
      ),
    },
    photoId: null,
    signatureId: null,
  }),
);

// Stable ids shaped like random (version 4) UUIDs, which the API's schemas require.
await q(`CREATE FUNCTION pg_temp.v4(t text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
  SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
  FROM md5(t) h $$`);
await q('BEGIN');
// Everything that refers to a report goes with the reports (witness records, revisions, CSV lines).
await q('TRUNCATE reports CASCADE');
await q(`DELETE FROM files WHERE id = '00000000-0000-4000-8000-00000000beef'`);
const passwordHash = await hashPassword(BENCH_ADMIN.password);
await q(
  `INSERT INTO users (id, email, name, role, password_hash) VALUES (pg_temp.v4('bench-admin'), $1, 'Bench Admin', 'admin', $2)
   ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, active = true`,
  [BENCH_ADMIN.email, passwordHash],
);
await q(
  `INSERT INTO users (id, email, name, role, password_hash)
   SELECT pg_temp.v4('bench-eng' || k), 'bench-eng' || k || '@example.com', 'Engineer ' || k, 'engineer', $1
   FROM generate_series(1, 50) k ON CONFLICT (id) DO NOTHING`,
  [passwordHash],
);
await q(
  `INSERT INTO sites (id, name, location, available_building_types, design_parameters)
   SELECT pg_temp.v4('bench-site' || n), CASE WHEN n = 0 THEN $1 ELSE 'Site ' || lpad(n::text, 4, '0') END, 'Bench City',
          '["1b2p","2b4p","3b5p"]'::jsonb, $2::jsonb
   FROM generate_series(0, $3::int - 1) n ON CONFLICT (id) DO NOTHING`,
  [BIG_SITE, JSON.stringify(defaultDesignParameters()), siteCount],
);
const pdf = await buildReportPdf({
  report: {
    siteName: 'Bench',
    propertyAddress: 'Flat 1, Example House',
    dwellingType: '2b4p',
    hiuModel: 'Evo Compact 40',
    hiuSerial: 'BENCH',
    engineerName: 'Bench Engineer',
    startTime: '2026-01-01T09:00:00.000Z',
    completedAt: '2026-01-01T10:15:00.000Z',
    overallStatus: 'PASS',
  },
  wizardData,
  ranges: DEFAULT_RANGES,
  notes: '',
  failedStep: null,
  failureReasons: [],
  images: {},
});
await q(
  `INSERT INTO files (id, owner_id, kind, content_type, size, data)
   VALUES ('00000000-0000-4000-8000-00000000beef', NULL, 'pdf', 'application/pdf', $1, $2)`,
  [pdf.length, Buffer.from(pdf)],
);
await q('COMMIT');
console.log(`${seconds()} s: users, ${siteCount} sites and the shared PDF (${pdf.length} bytes)`);

// One INSERT ... SELECT generate_series per batch: the database builds the rows itself.
for (let from = 1; from <= total; from += batch) {
  const to = Math.min(total, from + batch - 1);
  await q(
    `INSERT INTO reports (id, user_id, site_id, property_id, site_name, property_address, dwelling_type, hiu_model,
       hiu_serial, engineer_name, start_time, completed_at, overall_status, notes, failed_step, failure_reasons,
       ranges, ranges_source, wizard_data, pdf_file_id, pdf_filename)
     SELECT pg_temp.v4('bench-report' || g),
            pg_temp.v4('bench-eng' || (g % 50 + 1)),
            pg_temp.v4('bench-site' || s.n),
            NULL,
            s.name,
            'Flat ' || (g % 400 + 1) || ', ' || s.name || ' House',
            (ARRAY['1b2p','2b4p','3b5p'])[g % 3 + 1],
            'Evo Compact 40',
            'SN' || g,
            'Engineer ' || (g % 50 + 1),
            to_char((c.at - interval '75 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            c.at,
            st.status,
            CASE WHEN st.status = 'FAIL' THEN 'Secondary flow too hot; valve replaced, retest booked.' ELSE '' END,
            NULL,
            CASE WHEN st.status = 'FAIL' THEN '["Tertiary Flow Temperature out of range"]'::jsonb ELSE '[]'::jsonb END,
            $1::jsonb,
            'site',
            jsonb_set(jsonb_set(jsonb_set($2::jsonb, '{hiuSerial}', to_jsonb('SN' || g)), '{siteName}', to_jsonb(s.name)),
                      '{heatingMode,tertiaryFlow}', to_jsonb(CASE WHEN st.status = 'FAIL' THEN '58' ELSE '52' END))::json,
            '00000000-0000-4000-8000-00000000beef',
            'HIU_SN' || g || '_' || (extract(epoch FROM c.at) * 1000)::bigint || '.pdf'
     FROM generate_series($3::int, $4::int) g
     CROSS JOIN LATERAL (SELECT CASE WHEN g <= $5::int THEN 0 ELSE (g % ($6::int - 1)) + 1 END AS n) sn
     CROSS JOIN LATERAL (SELECT sn.n, CASE WHEN sn.n = 0 THEN $7 ELSE 'Site ' || lpad(sn.n::text, 4, '0') END AS name) s
     CROSS JOIN LATERAL (SELECT timestamptz '2024-06-01 08:00:00+00' + g * interval '97 seconds' + (g % 997) * interval '1 millisecond' AS at) c
     CROSS JOIN LATERAL (SELECT CASE WHEN g % 10 < 7 THEN 'PASS' WHEN g % 10 < 9 THEN 'FAIL' ELSE 'PENDING' END AS status) st`,
    [JSON.stringify(DEFAULT_RANGES), JSON.stringify(wizardData), from, to, big, siteCount, BIG_SITE],
  );
  console.log(`${seconds()} s: ${to} reports`);
}

// Submitted reports have their CSV line stored with them; these rows were made in SQL, so build theirs.
const database = await openDatabase({ databaseUrl: url });
const lines = await fillReportCsvLines(reportsRepository(database.db));
await database.close();
console.log(`${seconds()} s: CSV lines of ${lines} reports`);

// Fresh statistics and visibility map, so the planner can use index-only scans straight away.
await q('VACUUM (ANALYZE) reports');
await q('VACUUM (ANALYZE) report_csv_lines');
const size = await q(`SELECT pg_size_pretty(pg_total_relation_size('reports')) AS size`);
console.log(`${seconds()} s: vacuumed and analysed; reports table with indexes ${size.rows[0].size}`);
await client.end();
