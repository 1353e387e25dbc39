/**
 * Asks the browser not to evict this site's storage (the check, its photos and the outbox) when the phone
 * runs low on space. Browsers may grant it silently or decline; either way the app keeps working.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
