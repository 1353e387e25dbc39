// The history's entries now live in history/; the areas not yet moved import them from here.
export { changedFields, writeAudit, type Actor, type AuditInput } from '../history/entries.js';
export type { Tx } from '../db/client.js';
