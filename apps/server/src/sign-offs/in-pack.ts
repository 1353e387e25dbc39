import type { PackSignOff } from '@hiu/report-pdf';
import type { SignOffsRepository } from './repository.js';
import { coverageOf, type SignedReport } from './scope.js';

/**
 * The site's sign-offs as a pack prints them: each with the pack it signed, compared with the approved reports
 * this pack holds, naming the flats it does not cover (docs/product.md#evidence-pack).
 */
export function signOffsInPack(
  signOffs: Awaited<ReturnType<SignOffsRepository['withSignatures']>>,
  packReports: readonly SignedReport[],
  flats: readonly { id: string; address: string }[],
): PackSignOff[] {
  const address = new Map(flats.map((f) => [f.id, f.address]));
  const order = new Map(flats.map((f, i) => [f.id, i]));
  return signOffs.map((s) => {
    if (!s.covers || s.totalFlats === null || !s.digest) return { ...s, coverage: null };
    const c = coverageOf(s.covers, packReports);
    return {
      ...s,
      coverage: {
        signedFlats: c.signedFlats,
        totalFlats: s.totalFlats,
        digest: s.digest,
        pack: s.pack,
        packFlats: c.packFlats,
        // In the site's address order, as the pack lists its flats.
        notCovered: c.notCovered
          .toSorted((a, b) => (order.get(a.propertyId) ?? 0) - (order.get(b.propertyId) ?? 0))
          .map((r) => address.get(r.propertyId) ?? 'A deleted flat'),
      },
    };
  });
}
