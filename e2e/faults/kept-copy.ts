import type { Page } from '@playwright/test';

/** What the phone's kept copy (IndexedDB `hiu-field-cache`) holds for the signed-in engineer, counted. */
export interface KeptCounts {
  sites: number;
  drafts: number;
  assignments: number;
}

/** Counts of the phone's kept copy; all 0 while there is none. */
export function keptCounts(page: Page): Promise<KeptCounts> {
  return page.evaluate(async () => {
    const none = { sites: 0, drafts: 0, assignments: 0 };
    // Only once the app made its database: opening it first would make an empty one.
    if (!(await indexedDB.databases()).some((d) => d.name === 'hiu-field-cache')) return none;
    return new Promise((resolve) => {
      const open = indexedDB.open('hiu-field-cache');
      open.onerror = () => resolve(none);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('snapshots')) return (db.close(), resolve(none));
        const all = db.transaction('snapshots').objectStore('snapshots').getAll();
        all.onsuccess = () => {
          const kept = (
            all.result as { siteDetails: Record<string, unknown>; drafts: unknown[]; assignments?: unknown[] }[]
          )[0];
          db.close();
          resolve(
            kept
              ? {
                  sites: Object.keys(kept.siteDetails).length,
                  drafts: kept.drafts.length,
                  assignments: kept.assignments?.length ?? 0,
                }
              : none,
          );
        };
        all.onerror = () => (db.close(), resolve(none));
      };
    });
  });
}
