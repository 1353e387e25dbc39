// Limits and values the schemas share with the CSV parsers, kept apart from them so that a schema never pulls
// the CSV parser (papaparse) into a screen that only validates.

/** How bad a line of an uploaded CSV is: an error creates nothing, a warning is only said. */
export const ISSUE_SEVERITIES = ['error', 'warning'] as const;

/** One import, like one bulk call, is at most this many properties. */
export const MAX_PROPERTY_IMPORT_ROWS = 20_000;
