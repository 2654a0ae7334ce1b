import { readStoredJson, type StorageGetter, writeStored } from '../lib/storage';

/**
 * A guest's order tokens (ADR-0004), kept in local storage by order id so the guest can
 * reload the confirmation page after paying. Only the browser that placed the order has them;
 * anyone else gets the API's 404 (D2). A signed-in shopper's orders need none (the bearer token
 * decides).
 */
const STORAGE_KEY = 'orderTokens';
/** Enough for any shopper's recent orders; the oldest are forgotten first. */
const MAX_TOKENS = 20;

type TokenMap = Record<string, string>;

function read(storage: StorageGetter): TokenMap {
  const parsed = readStoredJson(storage, STORAGE_KEY);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function rememberOrderToken(
  orderId: number,
  orderToken: string | null,
  storage: StorageGetter = () => window.localStorage,
): void {
  if (!orderToken) return;
  const entries = Object.entries(read(storage)).filter(([id]) => id !== String(orderId));
  entries.push([String(orderId), orderToken]);
  // Without storage the confirmation still shows now; only a later reload will not find it.
  writeStored(storage, STORAGE_KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_TOKENS))));
}

export function orderTokenFor(
  orderId: number | string,
  storage: StorageGetter = () => window.localStorage,
): string | null {
  return read(storage)[String(orderId)] ?? null;
}
