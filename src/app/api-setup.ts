import { createApiClient, type ApiClient } from '../api/client';
import { readStored, writeStored } from '../lib/storage';

/** Local-storage key of the guest cart token (D2). It is not the session: see src/session. */
export const CART_TOKEN_STORAGE_KEY = 'cartToken';

export type BrowserApiOptions = {
  /** The session's token (the session actor is its only holder), read on every request. */
  getToken: () => string | null;
  /** The API answered 401: the session signs out. */
  onUnauthorized: () => void;
  storage?: () => Storage;
  /** Where the API answers; the page's own origin unless given. */
  baseUrl?: string;
};

/**
 * The browser's API client, for the page's one QueryClient (createQueryClient(api)): it talks to
 * the page's origin (the reference API serves the SPA and /api/v1 together), the bearer token
 * comes from the session, the guest cart token from local storage (the only place that touches
 * that key).
 */
export function createBrowserApi({
  getToken,
  onUnauthorized,
  storage = () => window.localStorage,
  baseUrl = window.location.origin,
}: BrowserApiOptions): ApiClient {
  return createApiClient({
    baseUrl,
    getToken,
    // Without storage the shopper keeps a working page; the token just does not survive a reload.
    getCartToken: () => readStored(storage, CART_TOKEN_STORAGE_KEY),
    setCartToken: (token) => void writeStored(storage, CART_TOKEN_STORAGE_KEY, token),
    onUnauthorized,
  });
}
