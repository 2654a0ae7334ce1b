import { readStoredJson, type StorageGetter, writeStored } from '../lib/storage';

/**
 * A guest's order tokens (ADR-0004), kept in local storage by order id so the guest can
 * reload the confirmation page after paying. Only the browser that placed the order has them;
 * anyone else gets the API's 404 (D2). A signed-in shopper's orders need none (the bearer token
 * decides). They are secrets: each reads its order (email, address). On sign-in or sign-up they
 * prove which orders this browser placed, those join the account, and their tokens are
 * forgotten (issue 30, ADR-0055).
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

/** A guest order this browser placed and still holds the token of. */
export type GuestOrderToken = { orderId: number; orderToken: string };

/** Every guest order token this browser holds, oldest first (ids grow with time). */
export function guestOrderTokens(
  storage: StorageGetter = () => window.localStorage,
): GuestOrderToken[] {
  return Object.entries(read(storage))
    .map(([id, orderToken]) => ({ orderId: Number(id), orderToken }))
    .filter(({ orderId }) => Number.isSafeInteger(orderId) && orderId > 0)
    .sort((a, b) => a.orderId - b.orderId);
}

/** The guest order placed last in this browser, or null. */
export function latestGuestOrder(
  storage: StorageGetter = () => window.localStorage,
): GuestOrderToken | null {
  return guestOrderTokens(storage).at(-1) ?? null;
}

/** Forgets the tokens of these orders (they joined an account: its bearer reads them now). */
export function forgetOrderTokens(
  orderIds: readonly number[],
  storage: StorageGetter = () => window.localStorage,
): void {
  if (orderIds.length === 0) return;
  const gone = new Set(orderIds.map(String));
  const kept = Object.entries(read(storage)).filter(([id]) => !gone.has(id));
  writeStored(storage, STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
}
