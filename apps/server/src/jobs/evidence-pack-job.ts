import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  approvedWorkOnly,
  buildSiteDashboard,
  currentTestPack,
  flatState,
  formatRange,
  rangesByType,
  rangesFor,
  RULE_BOOK_VERSION,
  type DashboardReport,
} from '@hiu/domain';
import type { EvidenceFlat } from '@hiu/report-pdf';
import { reportsCsvStream } from '../reports/csv-export.js';
import type { ReportPdfs } from '../exports/report-pdf.js';
import type { Repositories, TransactionRepositories } from '../repositories/index.js';
import type { PackEntry } from '../evidence-packs/repository.js';
import type { HandlerWithFailurePath } from './queue/runner.js';
import type { ClaimedJob } from './queue/store.js';
import { storedReportPdf } from './report-pdf-job.js';
import { signOffsInPack } from '../sign-offs/in-pack.js';
import { buildDwellings } from '../dwellings/build.js';
import { siteSamplingPlan } from '../witnessing/plan.js';
import { packContentsDigest } from '../evidence-packs/contents-digest.js';
import { finishPack } from '../evidence-packs/commands.js';
import type { Db } from '../db/client.js';
import { readSnapshot, runCommand } from '../db/unit-of-work.js';
import { isEmbedded } from '../db/snapshot-turns.js';
import type { ServerFiles } from '../files/server-files.js';

interface Deps {
  repos: Repositories;
  /** The database, for the commands the build ends with. */
  db: Db;
  pdfs: ReportPdfs;
  log: { error(obj: object, msg: string): void };
  /** How long the pack can be downloaded. */
  hours: number;
  /** Renews the job's lease; false when a later attempt took the job over (this one then stops). */
  keepLease: (job: ClaimedJob) => Promise<boolean>;
  /**
   * Waits while this server answers requests (for a short while at most): the build goes on between them. On
   * the embedded database a request's queries would otherwise wait behind each of the build's.
   */
  giveWay: () => Promise<void>;
  /** Where the pack's own files go: the database or the object store (FILE_STORE). */
  files: ServerFiles;
}

/** Stores one of the pack's own files (summary, CSV, dwellings.json) through the file store, its row in the table. */
async function storePackFile(d: Deps, id: string, contentType: string, data: Buffer) {
  const row = await d.files.place({ id, ownerId: null, kind: 'pack', contentType, data });
  await runCommand(d.db, null, async (uow) => {
    await d.files.writing(uow, row);
    await uow.repos.evidencePacks.storeFile(row);
  });
  await d.files.written(row, data);
}

/** Lets a test act between the build's reads (a review landing while the pack reads the site). */
export const packBuildProbe: { betweenReads?: () => Promise<void> } = {};

/** Stored PDFs sized and hashed by the database in one query: a few milliseconds each time. */
const DIGESTS_AT_ONCE = 25;
/** Reports read per query for the pack's CSV: the export's own batch would read a 1,000-flat site at once. */
const CSV_BATCH = 100;
const PROGRESS_EVERY_MS = 250;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
/** A file name safe on every system, readable: "Flat 2, Birch House" -> "Flat 2, Birch House". */
const safe = (s: string) =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .trim()
    .slice(0, 120) || 'flat';

async function collect(stream: NodeJS.ReadableStream, giveWay: () => Promise<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) {
    parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    await giveWay();
  }
  return Buffer.concat(parts);
}

/**
 * Builds a site's handover evidence pack (decision 185): every approved report's PDF stored (built where missing,
 * a failure listed with its reason), the CSV export and summary.pdf stored as the pack's own files, and the
 * list of files with their SHA-256. Run again after a restart it finds the PDFs already stored.
 */
export function evidencePackJob(d: Deps): HandlerWithFailurePath {
  return {
    run: (job) => buildPack(d, job),
    // Out of attempts, or its server stopped on the last one: the pack says why, and the site may ask again.
    failed: (job, reason) => d.repos.evidencePacks.fail(String(job.payload.packId), reason),
  };
}

async function buildPack(d: Deps, job: ClaimedJob) {
  const { repos } = d;
  const packId = String(job.payload.packId);
  const pack = await repos.evidencePacks.get(packId);
  if (!pack || pack.state === 'done' || pack.state === 'failed') return;
  // Everything the pack says is read from one snapshot of the site, so its files agree with each other
  // whatever is reviewed meanwhile (docs/product.md#evidence-pack); the slow work (PDFs, files) comes after.
  // On the embedded database the reads share the one connection with every request: they wait between pages
  // while this server answers any (decision 266); on PostgreSQL that would only hold the snapshot longer.
  const pause = isEmbedded(d.db) ? d.giveWay : () => nextTurn();
  const snap = await readSnapshot(d.db, (snapshotRepos) => readSite(snapshotRepos, pack.siteId, packId, pause));
  const { site, data, meta, stored, toBuild } = snap;
  const testPack = currentTestPack(site.testPack ?? 'standard');
  const ranges = rangesFor(data.designParameters, testPack);
  // Each flat's readings are drawn against its own property type's ranges (docs/product.md#evidence-pack).
  const rangesOfType = rangesByType(data.designParameters, testPack);
  // The pack goes to the client: work not yet approved shows its place and state, nothing it recorded.
  const reports = approvedWorkOnly(data.reports);
  const dashboard = buildSiteDashboard(data.flats, reports, rangesOfType, testPack);
  const byFlat = new Map<string, DashboardReport[]>();
  for (const r of reports) {
    const list = byFlat.get(r.propertyId!) ?? [];
    list.push(r);
    byFlat.set(r.propertyId!, list);
  }

  const entries: PackEntry[] = [];
  const missing: { address: string; reportId: string; reason: string }[] = [];
  const total = meta.reports.length;
  await repos.evidencePacks.progress(packId, 0, total);
  const deps = {
    reports: repos.reports,
    review: repos.review,
    siteIssues: repos.siteIssues,
    db: d.db,
    files: d.files,
    pdfs: d.pdfs,
    log: d.log,
  };
  let progressAt = performance.now();
  for (const [i, r] of meta.reports.entries()) {
    const latest = meta.latestIds.has(r.id);
    const folder = latest ? 'reports' : 'earlier-attempts';
    const path = `${folder}/${safe(r.propertyAddress)} - ${r.reference}.pdf`;
    // The snapshot's stored PDF, hashed by the database; one not built yet is built here, as the snapshot
    // read the report.
    const digest = stored.get(r.id);
    if (digest) {
      entries.push({ path, ...digest });
    } else
      try {
        await d.giveWay();
        const detail = toBuild.get(r.id);
        if (!detail) throw new Error('The report was deleted meanwhile');
        const bytes = await storedReportPdf(deps, detail);
        // Kept with the report only while the report is as the snapshot read it; else the pack is superseded.
        const now = await repos.reports.detail(r.id);
        if (!now || now.revision !== detail.revision || now.reviewState !== detail.reviewState)
          throw new Error('The report was reviewed or corrected while the pack was built');
        const fileId = detail.pdfFileId ?? now.pdfFileId;
        if (!fileId) throw new Error('The PDF could not be stored');
        entries.push({ path, fileId, size: bytes.length, sha256: sha256(bytes) });
      } catch (err) {
        missing.push({ address: r.propertyAddress, reportId: r.id, reason: (err as Error).message });
      }
    // Progress (and the job's lease) is written a few times a second, not per flat: each is a write.
    if (i + 1 === total || performance.now() - progressAt > PROGRESS_EVERY_MS) {
      await d.giveWay();
      if (!(await d.keepLease(job))) return; // another attempt has the pack now
      await repos.evidencePacks.progress(packId, i + 1, total);
      progressAt = performance.now();
    }
  }

  const csv = snap.csv;
  const csvId = randomUUID();
  await storePackFile(d, csvId, 'text/csv; charset=utf-8', csv);
  // The pack goes to the client: its dwellings.json holds approved work only, as the client's own read does.
  await d.giveWay();
  const dwellings = snap.dwellings;
  const dwellingsJson = Buffer.from(JSON.stringify(dwellings, null, 2));
  const dwellingOf = new Map((dwellings?.dwellings ?? []).map((x) => [x.property.id, x]));
  const earlierOf = new Map<string, EvidenceFlat['earlier']>();
  for (const e of snap.earlierAttempts) {
    const list = earlierOf.get(e.property_id) ?? [];
    list.push({
      completedAt: new Date(e.completed_at).toISOString(),
      result: e.overall_status,
      reason:
        e.review_state === 'sent_back'
          ? `Sent back: ${e.review_reason ?? ''}`.trim()
          : e.review_state === 'awaiting_review'
            ? 'Awaiting review'
            : e.failure_reasons.join('; ') || 'Re-tested',
    });
    earlierOf.set(e.property_id, list);
  }
  const dwellingsId = randomUUID();
  await storePackFile(d, dwellingsId, 'application/json', dwellingsJson);

  const drafts = new Map(data.flats.map((f) => [f.id, f.draftSavedAt]));
  const typeOf = new Map(data.flats.map((f) => [f.id, f.type ?? '']));
  // The review of each flat's latest report, whatever its state (the pack's own list holds approved work).
  const reviewOf = new Map<string, DashboardReport>();
  for (const r of data.reports) {
    const seen = r.propertyId ? reviewOf.get(r.propertyId) : undefined;
    if (
      r.propertyId &&
      (!seen || r.completedAt > seen.completedAt || (r.completedAt === seen.completedAt && r.id > seen.id))
    )
      reviewOf.set(r.propertyId, r);
  }
  const approvedOf = new Map(meta.reports.filter((r) => r.latest).map((r) => [r.propertyId, r]));
  const lastApproved: (DashboardReport | undefined)[] = [];
  const flats: EvidenceFlat[] = meta.flats.map((f) => {
    const mine = byFlat.get(f.id) ?? [];
    const last = mine.reduce<DashboardReport | undefined>(
      (a, b) => (!a || b.completedAt > a.completedAt || (b.completedAt === a.completedAt && b.id > a.id) ? b : a),
      undefined,
    );
    const m = last ? meta.byId.get(last.id) : undefined;
    lastApproved.push(last);
    return {
      address: f.address,
      block: f.block,
      floor: f.floor,
      type: typeOf.get(f.id) ?? '',
      state: flatState(drafts.get(f.id) ?? null, last),
      latest:
        last && m
          ? {
              reference: m.reference,
              completedAt: last.completedAt,
              engineerName: last.engineerName,
              reviewerName: m.reviewerName,
              overallStatus: last.overallStatus,
              readings: { ...last.readings },
            }
          : null,
      earlierAttempts: Math.max(0, mine.length - 1),
      review: reviewOf.get(f.id)?.reviewState ?? null,
      assets: approvedOf.get(f.id)?.assets ?? null,
      failureReasons: dwellingOf.get(f.id)?.report?.failureReasons ?? [],
      // The pack's judged readings (keep-warm, peak returns, design flow): those with a range.
      packReadings: (dwellingOf.get(f.id)?.readings ?? [])
        .filter((r) => r.id.startsWith('cp1.') && r.range)
        .map((r) => ({
          label: r.label,
          value: r.value,
          unit: r.unit,
          range: formatRange(r.range ?? undefined),
          verdict: r.verdict,
        })),
      radiators: dwellingOf.get(f.id)?.radiators ?? [],
      underfloorZones: dwellingOf.get(f.id)?.underfloorZones ?? [],
      earlier: earlierOf.get(f.id) ?? [],
    };
  });
  const packFiles = [
    { path: 'reports.csv', sha256: sha256(csv) },
    { path: 'dwellings.json', sha256: sha256(dwellingsJson) },
    ...entries,
  ];
  const issues = flats.flatMap((f, i) =>
    (lastApproved[i]?.issues ?? []).map((issue) => ({ address: f.address, ...issue })),
  );
  const summary = await d.pdfs.summary({
    packSha256: packContentsDigest(packFiles),
    site: { name: site.name, location: site.location },
    builtAt: new Date().toISOString(),
    builtBy: meta.requestedByName ?? 'A former user',
    ruleBookVersion: RULE_BOOK_VERSION,
    testPack,
    issues,
    networkIssues: snap.networkIssues,
    ranges,
    typeRanges: [...new Set(typeOf.values())]
      .filter(Boolean)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((type) => ({ type, ranges: rangesOfType(type) })),
    dashboard,
    flats,
    missing,
    signOffs: signOffsInPack(snap.signOffs, snap.holds.reports, meta.flats),
    witnesses: snap.witnesses,
    sampling: snap.sampling,
    witnessRecords: snap.witnessRecords,
  });
  const summaryId = randomUUID();
  await storePackFile(d, summaryId, 'application/pdf', summary);
  const contents: PackEntry[] = [
    { path: 'summary.pdf', fileId: summaryId, size: summary.length, sha256: sha256(summary) },
    { path: 'reports.csv', fileId: csvId, size: csv.length, sha256: sha256(csv) },
    { path: 'dwellings.json', fileId: dwellingsId, size: dwellingsJson.length, sha256: sha256(dwellingsJson) },
    ...entries,
  ];
  await finishPack(
    d.db,
    { id: packId, siteId: site.id, siteName: site.name, requestedBy: pack.requestedBy },
    contents,
    missing,
    new Date(Date.now() + d.hours * 3600_000),
    {
      // What a sign-off of this pack signs, and what its signer is shown (docs/product.md#evidence-pack).
      holds: snap.holds.reports,
      attests: {
        flats: dashboard.flats,
        states: dashboard.states,
        openIssues: issues.filter((i) => !i.resolved).length + snap.networkIssues.filter((i) => !i.resolved).length,
      },
    },
  );
}

/**
 * Every read of one pack build, in one snapshot: the site, its dashboard data, the flats and reports the pack
 * lists with their stored PDFs (those not built yet read whole, to be built after), the CSV, dwellings.json, the
 * earlier attempts, issues, sign-offs, witnessing and the approved reports a sign-off of this pack signs.
 */
async function readSite(repos: TransactionRepositories, siteId: string, packId: string, pause: () => Promise<unknown>) {
  const site = await repos.sites.byId(siteId);
  if (!site) throw new Error('The site was deleted');
  const data = await repos.dashboard.data(site.id, {}, pause);
  await packBuildProbe.betweenReads?.();
  const meta = await repos.evidencePacks.sources(site.id, packId, pause);
  const stored = new Map<string, { fileId: string; size: number; sha256: string }>();
  for (let i = 0; i < meta.reports.length; i += DIGESTS_AT_ONCE) {
    if (i > 0) await pause();
    for (const [id, digest] of await repos.evidencePacks.storedPdfDigests(
      meta.reports.slice(i, i + DIGESTS_AT_ONCE).map((x) => x.id),
    ))
      stored.set(id, digest);
  }
  const toBuild = new Map<string, NonNullable<Awaited<ReturnType<typeof repos.reports.detail>>>>();
  for (const r of meta.reports.filter((x) => !stored.has(x.id))) {
    const detail = await repos.reports.detail(r.id);
    if (detail) toBuild.set(r.id, detail);
  }
  const csv = await collect(
    // Read only: a line built here is not kept (a write would end the snapshot).
    reportsCsvStream(repos.reports, { siteId: site.id, approvedOnly: true }, CSV_BATCH, false),
    pause,
  );
  return {
    site,
    data,
    meta,
    stored,
    toBuild,
    csv,
    // Each flat's draft as the dashboard read had it: on the embedded database a draft saved meanwhile is in
    // neither file (decision 266).
    dwellings: await buildDwellings(
      repos,
      site.id,
      true,
      repos.witnessing,
      new Map(data.flats.map((f) => [f.id, f.draftSavedAt])),
    ),
    earlierAttempts: await repos.evidencePacks.earlierAttempts(site.id),
    networkIssues: await repos.siteIssues.list(site.id),
    signOffs: await repos.signOffs.withSignatures(site.id),
    holds: await repos.signOffs.scope(site.id),
    witnesses: await repos.signOffs.witnesses(site.id),
    sampling: await siteSamplingPlan(repos.witnessing, site.id),
    witnessRecords: [...(await repos.witnessing.latestBySite(site.id)).values()],
  };
}
