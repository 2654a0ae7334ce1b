import type { SessionBroadcast, SessionInput } from '../../machines/session.machine';

/**
 * Where the token lives (spec §3, D3, D7): local storage when "Remember me" was ticked (it
 * survives closing the browser), session storage otherwise (it dies with the browser).
 */
export const TOKEN_STORAGE_KEY = 'token';
/** Tabs of one browser tell each other about sign-in and sign-out here. */
export const SESSION_CHANNEL = 'lumen-session';
/**
 * How long a tab opened without a token waits for an open tab to share its session (one that
 * does not survive the browser lives in each tab's own storage). Answers take a few ms.
 */
export const OTHER_TABS_WAIT_MS = 250;

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

/** A message on SESSION_CHANNEL, checked: other tabs may run another version of the shop. */
export function isBroadcast(value: unknown): value is SessionBroadcast {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  if (value.kind === 'signedOut' || value.kind === 'sessionWanted') return true;
  return (
    value.kind === 'signedIn' &&
    'token' in value &&
    typeof value.token === 'string' &&
    'remember' in value &&
    typeof value.remember === 'boolean'
  );
}
