import { configureApi } from '../api/client';

/** Local-storage keys of the session token (spec §3) and the guest cart token (D2). */
export const TOKEN_STORAGE_KEY = 'token';
export const CART_TOKEN_STORAGE_KEY = 'cartToken';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string | null) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Without storage the shopper keeps a working page; the token just does not survive a reload.
  }
}

export type ApiSetupOptions = {
  storage?: Storage;
  baseUrl?: string;
  /** The session machine (a later issue) signs out here; until then the dead token is dropped. */
  onUnauthorized?: () => void;
};

/**
 * Points the one API client at the page's origin (the reference API serves the SPA and
 * /api/v1 together) with tokens kept in local storage. The only place that touches those keys.
 */
export function setupApi({
  storage = window.localStorage,
  baseUrl,
  onUnauthorized,
}: ApiSetupOptions = {}) {
  configureApi({
    baseUrl: baseUrl ?? window.location.origin,
    getToken: () => read(storage, TOKEN_STORAGE_KEY),
    getCartToken: () => read(storage, CART_TOKEN_STORAGE_KEY),
    setCartToken: (token) => write(storage, CART_TOKEN_STORAGE_KEY, token),
    onUnauthorized: onUnauthorized ?? (() => write(storage, TOKEN_STORAGE_KEY, null)),
  });
}
