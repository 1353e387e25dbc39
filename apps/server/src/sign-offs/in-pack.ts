import type { PackSignOff } from '@hiu/report-pdf';
import type { Repositories } from '../repositories/index.js';
import { coverageOf } from './scope.js';

/**
 * The site's sign-offs as a pack prints them: each with what it signed compared with the approved
 * reports this pack holds, naming the flats it does not cover.
 */
export async function signOffsInPack(
  repos: Pick<Repositories, 'signOffs'>,
  siteId: string,
  flats: readonly { id: string; address: string }[],
): Promise<PackSignOff[]> {
  const [signOffs, pack] = await Promise.all([repos.signOffs.withSignatures(siteId), repos.signOffs.scope(siteId)]);
  const address = new Map(flats.map((f) => [f.id, f.address]));
  const order = new Map(flats.map((f, i) => [f.id, i]));
  return signOffs.map((s) => {
    if (!s.covers || s.totalFlats === null || !s.digest) return { ...s, coverage: null };
    const c = coverageOf(s.covers, pack.reports);
    return {
      ...s,
      coverage: {
        signedFlats: c.signedFlats,
        totalFlats: s.totalFlats,
        digest: s.digest,
        packFlats: c.packFlats,
        // In the site's address order, as the pack lists its flats.
        notCovered: c.notCovered
          .toSorted((a, b) => (order.get(a.propertyId) ?? 0) - (order.get(b.propertyId) ?? 0))
          .map((r) => address.get(r.propertyId) ?? 'A deleted flat'),
      },
    };
  });
}
