import {
  DWELLINGS_FORMAT,
  DWELLINGS_VERSION,
  dwellingReadings,
  dwellingRoomReadings,
  flatState,
  testPackName,
  withStoredDefaults,
  type Dwelling,
  type Dwellings,
  type WizardData,
} from '@hiu/domain';
import type { SiteIssuesRepository } from '../site-issues/repository.js';
import type { DwellingsRepository } from './repository.js';
import type { WitnessingRepository } from '../witnessing/repository.js';
import { dwellingWitness } from '../witnessing/dwelling-witness.js';
import { siteSamplingPlan } from '../witnessing/plan.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** Stored data is read as saved: a list another version left in another shape reads as empty, never fails the file. */
const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);

/**
 * A site's dwellings.json (docs/product.md#dwellings-export): one entry per flat with its latest report the reader
 * may see. `approvedOnly` for a client and for the evidence pack: work not yet approved shows the flat's state and
 * nothing it recorded, as on the dashboard.
 */
export async function buildDwellings(
  repos: { dwellings: DwellingsRepository; siteIssues: Pick<SiteIssuesRepository, 'list'> },
  siteId: string,
  approvedOnly: boolean,
  witnessing: WitnessingRepository,
  /**
   * Each flat's latest draft time as the caller read it (an evidence pack's dashboard read): on the embedded
   * database a draft saved between the pack's reads is then in both of its files or neither (decision 266).
   */
  draftSavedAt?: ReadonlyMap<string, string | null>,
): Promise<Dwellings | undefined> {
  const repo = repos.dwellings;
  const site = await repo.site(siteId);
  if (!site) return undefined;
  // One query at a time: inside a transaction (a pack's snapshot) they share one connection, which takes
  // one query at a time anyway.
  const flats = await repo.flats(siteId);
  const shown = await repo.latestReports(siteId, approvedOnly);
  const states = await repo.latestStates(siteId, approvedOnly);
  const siteIssues = await repos.siteIssues.list(siteId);
  // The site's network-wide issues apply to every dwelling alike (docs/product.md#network-wide-issues).
  const networkIssues = siteIssues.map(({ siteId: _site, ...issue }) => issue);
  const reportOf = new Map(shown.map((r) => [r.property_id, r]));
  const stateOf = new Map(states.map((s) => [s.property_id, s]));
  const dataOf = new Map(
    shown.map((r) => [
      r.id,
      withStoredDefaults(
        (typeof r.wizard_data === 'string' ? JSON.parse(r.wizard_data) : r.wizard_data) as Partial<WizardData>,
      ),
    ]),
  );
  // Witnessing is of approved reports only, so every reader sees it (docs/product.md#witnessing-and-sampling).
  const witnessed = await witnessing.latestBySite(siteId);
  const sampling = await siteSamplingPlan(witnessing, siteId);
  const photoIds = [...dataOf.values()].flatMap((d) => list(d.photosSignature.photos).map((p) => p.id));
  const digests = await repo.photoDigests(photoIds);

  const dwellings = flats.map((f): Dwelling => {
    const r = reportOf.get(f.id);
    const s = stateOf.get(f.id);
    // The flat's state as the dashboard counts it (the review decides first, so a hidden verdict counts alike).
    const latest = s && {
      overallStatus: !approvedOnly || s.review_state === 'approved' ? s.overall_status : ('PENDING' as const),
      reviewState: s.review_state,
      completedAt: iso(s.completed_at),
    };
    const data = r ? dataOf.get(r.id)! : undefined;
    const cp1 = (data?.cp1 ?? {}) as Record<string, unknown>;
    const meter = { make: text(cp1.meterMake), model: text(cp1.meterModel), serial: text(cp1.meterSerial) };
    return {
      property: { id: f.id, address: f.address, block: f.block, floor: f.floor, type: f.property_type },
      state: flatState(
        draftSavedAt ? (draftSavedAt.get(f.id) ?? null) : f.draft_saved_at === null ? null : iso(f.draft_saved_at),
        latest ?? undefined,
      ),
      hiu: r ? { model: r.hiu_model, serial: r.hiu_serial } : null,
      meter: r && (meter.make || meter.model || meter.serial) ? meter : null,
      report:
        r && data
          ? {
              id: r.id,
              reference: r.reference,
              revision: Number(r.revision),
              completedAt: iso(r.completed_at),
              engineer: r.engineer_name,
              result: r.overall_status,
              failureReasons: r.failure_reasons,
              testPack: {
                id: r.pack_id,
                version: Number(r.pack_version),
                name: testPackName({ id: r.pack_id, version: Number(r.pack_version) }),
              },
              earlierAttempts: Math.max(0, Number(s?.visible ?? 1) - 1),
            }
          : null,
      readings: r && data ? dwellingReadings(data, r.ranges) : [],
      ...(r && data ? dwellingRoomReadings(data) : { radiators: [], underfloorZones: [] }),
      photos: list(data?.photosSignature.photos).flatMap((p) => {
        const d = digests.get(p.id);
        return d ? [{ id: p.id, label: p.label, takenAt: p.takenAt ?? null, ...d }] : [];
      }),
      review: r
        ? {
            state: r.review_state,
            reviewer: r.reviewer_name,
            decidedAt: r.reviewed_at === null ? null : iso(r.reviewed_at),
            reason: r.review_state === 'sent_back' ? r.review_reason : null,
          }
        : null,
      witness: dwellingWitness(f, witnessed.get(f.id)),
      issues: list(data?.cp1?.issues).map((i) => ({
        description: i.description,
        owner: i.owner,
        due: i.due || null,
        resolved: i.resolved,
      })),
      networkIssues,
    };
  });
  return {
    format: DWELLINGS_FORMAT,
    version: DWELLINGS_VERSION,
    site: { id: site.id, name: site.name, location: site.location },
    generatedAt: new Date().toISOString(),
    sampling,
    dwellings,
  };
}
