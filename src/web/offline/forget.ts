/** The IndexedDB database that keeps the signed-in member's answers (saved-answers.ts). */
export const OFFLINE_DATABASE = 'hearth-offline';

/** Signing out: nothing of the member stays on the device, whether or not the copy was open. */
export function forgetOfflineCopy(): void {
  try {
    indexedDB.deleteDatabase(OFFLINE_DATABASE);
  } catch {
    // No IndexedDB: nothing was kept.
  }
}
