// No zod here, and nothing of the merge of a check's data: screens and the check's data layer read these
// without loading either.

/** The longest notes a check carries, on its report and on its draft. */
export const NOTES_MAX = 5000;

/**
 * The notes of two copies of one check, merged beside their data (mergeDrafts): one text, so
 * the device's stand, and the server's fill a device that has none. When both wrote notes, the device saving
 * now keeps its own.
 */
export const mergeNotes = (server: string, device: string): string => device || server;
