/**
 * Operation ids are derived from what they carry, so queuing the same thing twice cannot duplicate it. Apart from
 * the outbox's rules (outbox.ts), which only the sync engine and the outbox screen need.
 */
export const opId = {
  uploadFile: (fileId: string) => `uploadFile:${fileId}`,
  submitReport: (reportId: string) => `submitReport:${reportId}`,
  deleteDraft: (draftId: string) => `deleteDraft:${draftId}`,
  saveDraft: (draftId: string, unique: string) => `saveDraft:${draftId}:${unique}`,
};
