/**
 * Which flats an assessor should witness, by CP1's graduated approach (docs/product.md#witnessing-and-sampling):
 * the first flat of each property type, then one in every `rate` flats of each block and type, the rate doubled
 * (1 in 10 becomes 1 in 5) for every failure found in that group. Only a flat with an approved report can be
 * witnessed, so only those are ever due.
 */
export interface SamplingFlat {
  id: string;
  address: string;
  block: string;
  /** The property type, such as "2b4p". */
  type: string;
  /** Its latest report is approved: it can be witnessed. */
  approved: boolean;
  /** Its latest report, the one a witness of it would witness; null when it has none. */
  reportId?: string | null;
  /** Its latest report failed (the dashboard's failed state). */
  failed: boolean;
  /** Its witness record, if any: failed when a witnessed reading was out of range. */
  witness: { failed: boolean } | null;
}

export type DueReason = 'first_of_type' | 'rate';
export const DUE_REASON_LABELS: Record<DueReason, string> = {
  first_of_type: 'First of its type',
  rate: 'Sampling rate',
};

export interface SamplingGroup {
  block: string;
  type: string;
  flats: number;
  /** Failures found in the group: flats that failed and witnesses with a reading out of range. */
  failures: number;
  /** One flat in this many is witnessed: the site's rate, halved per failure, never below 1. */
  rate: number;
  required: number;
  witnessed: number;
}

export interface SamplingPlan {
  /** The site's rate (1 in N); null when the site has no plan. */
  rate: number | null;
  groups: SamplingGroup[];
  due: { id: string; address: string; block: string; type: string; reportId: string | null; reason: DueReason }[];
  coverage: { flats: number; witnessed: number; required: number; met: boolean };
}

/** The most flats an admin may set as the rate's N (1 in N). */
export const MAX_SAMPLING_RATE = 1000;

const byAddress = (a: SamplingFlat, b: SamplingFlat) => a.address.localeCompare(b.address, 'en', { numeric: true });

/** The raised rate of a group: every failure halves N (1 in 10, 1 in 5, 1 in 3, 1 in 2, every flat). */
export function raisedRate(rate: number, failures: number): number {
  let n = rate;
  for (let i = 0; i < failures && n > 1; i++) n = Math.ceil(n / 2);
  return Math.max(1, n);
}

export function samplingPlan(flats: readonly SamplingFlat[], rate: number | null): SamplingPlan {
  const sorted = [...flats].sort(byAddress);
  const witnessedCount = sorted.filter((f) => f.witness).length;
  if (rate === null)
    return {
      rate,
      groups: [],
      due: [],
      coverage: { flats: sorted.length, witnessed: witnessedCount, required: 0, met: true },
    };
  const due: SamplingPlan['due'] = [];
  const isDue = new Set<string>();
  const add = (f: SamplingFlat, reason: DueReason) => {
    isDue.add(f.id);
    due.push({ id: f.id, address: f.address, block: f.block, type: f.type, reportId: f.reportId ?? null, reason });
  };

  // The first of each type, until one of that type is witnessed.
  const types = [...new Set(sorted.map((f) => f.type))];
  for (const type of types) {
    const ofType = sorted.filter((f) => f.type === type);
    if (ofType.some((f) => f.witness)) continue;
    const first = ofType.find((f) => f.approved);
    if (first) add(first, 'first_of_type');
  }

  const groups: SamplingGroup[] = [];
  const keys = [...new Set(sorted.map((f) => `${f.block}\u0000${f.type}`))];
  for (const key of keys) {
    const [block, type] = key.split('\u0000') as [string, string];
    const members = sorted.filter((f) => f.block === block && f.type === type);
    const failures = members.filter((f) => f.failed || f.witness?.failed).length;
    const groupRate = raisedRate(rate, failures);
    const required = Math.ceil(members.length / groupRate);
    const witnessed = members.filter((f) => f.witness).length;
    let planned = witnessed + members.filter((f) => isDue.has(f.id)).length;
    for (const f of members) {
      if (planned >= required) break;
      if (!f.approved || f.witness || isDue.has(f.id)) continue;
      add(f, 'rate');
      planned++;
    }
    groups.push({ block, type, flats: members.length, failures, rate: groupRate, required, witnessed });
  }
  const required = groups.reduce((n, g) => n + g.required, 0);
  const covered = groups.reduce((n, g) => n + Math.min(g.witnessed, g.required), 0);
  return {
    rate,
    groups,
    due,
    coverage: {
      flats: sorted.length,
      witnessed: witnessedCount,
      required,
      met: covered >= required && due.length === 0,
    },
  };
}

const flatCount = (n: number) => `${n} flat${n === 1 ? '' : 's'}`;

/** The plan's coverage in words, as the dashboard and the evidence pack say it. */
export function samplingCoverageText(plan: Pick<SamplingPlan, 'rate' | 'coverage'>): string {
  const c = plan.coverage;
  if (plan.rate === null)
    return `No sampling plan is set: ${flatCount(c.witnessed)} witnessed of ${flatCount(c.flats)}.`;
  return `${c.met ? 'Sample met' : 'Sample not met'}: ${c.witnessed} witnessed of ${c.required} required (${flatCount(c.flats)}).`;
}
