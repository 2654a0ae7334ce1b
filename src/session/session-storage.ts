import type { SessionInput } from '../../machines/session.machine';

/**
 * Where the token lives (spec §3, D3, D7): local storage when "Remember me" was ticked (it
 * survives closing the browser), session storage otherwise (it dies with the browser).
 */
export const TOKEN_STORAGE_KEY = 'token';
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    // Storage can be blocked (privacy settings): behave as if nothing was stored.
    return null;
  }
}

export function writeStorage(storage: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Without storage the session still works in this page; it just does not survive a reload.
  }
}

/** The stored token and whether it was the remembered one (this tab's own wins). */
export function readStoredSession(win: Window = window): SessionInput {
  const tabToken = read(() => win.sessionStorage, TOKEN_STORAGE_KEY);
  if (tabToken !== null) return { storedToken: tabToken, remember: false };
  return { storedToken: read(() => win.localStorage, TOKEN_STORAGE_KEY), remember: true };
}
