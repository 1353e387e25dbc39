import { createHash } from 'node:crypto';

/** One approved report a sign-off signs: the flat's latest approved report, at the revision signed. */
export interface SignedReport {
  reportId: string;
  propertyId: string;
  revision: number;
}

/** The SHA-256 of what is signed, the same whatever order the reports were read in. */
export function scopeDigest(reports: readonly SignedReport[]): string {
  const lines = reports.map((r) => `${r.reportId}:${r.revision}\n`).sort();
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/**
 * How a sign-off's signed reports compare with a pack's: the flats it covers as the pack holds
 * them, and the pack's flats it does not cover (new since, or approved again at another report or revision).
 */
export function coverageOf(signed: readonly SignedReport[], pack: readonly SignedReport[]) {
  const key = (r: SignedReport) => `${r.reportId}:${r.revision}`;
  const signedKeys = new Set(signed.map(key));
  const notCovered = pack.filter((r) => !signedKeys.has(key(r)));
  return { signedFlats: signed.length, packFlats: pack.length, notCovered };
}
