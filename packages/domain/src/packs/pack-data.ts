import type { PackIssue } from './pack-issue-schema.js';

// What the pack's rules read of a check, apart from the rules themselves so that each rule module can name it.

/** What rules read of a check's pack data: its values by key and its issues list. */
export interface PackData {
  testPack?: { id: string; version: number } | undefined;
  cp1?: { issues?: readonly PackIssue[] } & Record<string, unknown>;
  photosSignature: { photos: readonly { id?: string; label: string }[] };
}

export type { PackIssue };
