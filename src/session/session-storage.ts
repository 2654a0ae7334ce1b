import type { SessionInput } from '../../machines/session.machine';
import { readStored, type StorageGetter, writeStored } from '../lib/storage';

/**
 * Where the token lives (spec §3, D3, D7): local storage when "Remember me" was ticked (it
 * survives closing the browser), session storage otherwise (it dies with the browser).
 */
export const TOKEN_STORAGE_KEY = 'token';
// Without storage the session still works in this page; it just does not survive a reload.
export function writeStorage(storage: StorageGetter, key: string, value: string | null) {
  writeStored(storage, key, value);
}

/** The stored token and whether it was the remembered one (this tab's own wins). */
export function readStoredSession(win: Window = window): SessionInput {
  const tabToken = readStored(() => win.sessionStorage, TOKEN_STORAGE_KEY);
  if (tabToken !== null) return { storedToken: tabToken, remember: false };
  return { storedToken: readStored(() => win.localStorage, TOKEN_STORAGE_KEY), remember: true };
}
