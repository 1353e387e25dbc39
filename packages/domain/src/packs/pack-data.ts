// What the pack's rules read of a check, apart from the rules themselves so that each rule module can name it.

/** What rules read of a check's pack data: its values by key and its issues list. */
export interface PackData {
  testPack?: { id: string; version: number } | undefined;
  cp1?: { issues?: readonly PackIssue[] } & Record<string, unknown>;
  photosSignature: { photos: readonly { id?: string; label: string }[] };
}

export interface PackIssue {
  id: string;
  description: string;
  owner: 'engineer' | 'installer' | 'client' | 'other';
  /** yyyy-mm-dd, or '' when none was given. */
  due: string;
  resolved: boolean;
  /** The pack field whose answer raised it (version 3 on), so the answer's step shows it and keeps it. */
  source?: string | undefined;
  closingComment?: string | undefined;
  closingPhotoId?: string | undefined;
  closedBy?: string | undefined;
  closedAt?: string | undefined;
}
