import { samplingPlan, type SamplingPlan } from '@hiu/domain';
import type { WitnessingRepository } from './repository.js';

/** A site's sampling plan and coverage, worked out by the rule book from the site's flats (docs/product.md#witnessing-and-sampling). */
export async function siteSamplingPlan(repo: WitnessingRepository, siteId: string): Promise<SamplingPlan> {
  const flats = await repo.flats(siteId);
  const rate = await repo.rate(siteId);
  return samplingPlan(
    flats.map((f) => ({
      id: f.id,
      address: f.address,
      block: f.block,
      type: f.property_type,
      approved: f.review_state === 'approved',
      reportId: f.report_id,
      failed: f.overall_status === 'FAIL',
      witness: f.witness_failed !== null ? { failed: f.witness_failed } : f.marked ? { failed: false } : null,
    })),
    rate,
  );
}
