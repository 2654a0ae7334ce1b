import { emptyShippingAddress } from '../../components/address.schema';
import { readStoredJson, storedKeysStartingWith, writeStored } from '../../lib/storage';
import type { CheckoutDetailsValues } from './checkout-details.schema';

/**
 * What the shopper typed in step 0, kept in session storage so a reload mid-checkout loses
 * nothing. The key carries who is shopping (the signed-in email, or "guest"), so a draft is never
 * shown to another account; it is removed once an order is placed.
 */
const PREFIX = 'checkoutDraft:';

export function draftKey(userEmail: string | null): string {
  return `${PREFIX}${userEmail ?? 'guest'}`;
}

export function emptyDetails(email = ''): CheckoutDetailsValues {
  return { email, newsletter: true, shippingAddress: { ...emptyShippingAddress } };
}

// Storage full or blocked (src/lib/storage.ts): the form still works, only a reload forgets it.
const storage = () => window.sessionStorage;

export function readDraft(key: string): CheckoutDetailsValues | null {
  const parsed = readStoredJson(storage, key) as Partial<CheckoutDetailsValues> | null | undefined;
  if (!parsed || typeof parsed !== 'object') return null;
  const base = emptyDetails();
  const address = { ...base.shippingAddress, ...(parsed.shippingAddress ?? {}) };
  // Only strings and booleans come back: a tampered draft cannot put anything else in the form.
  for (const [field, value] of Object.entries(address)) {
    const expected = typeof base.shippingAddress[field as keyof typeof address];
    if (typeof value !== expected) {
      (address as Record<string, unknown>)[field] =
        base.shippingAddress[field as keyof typeof address];
    }
  }
  return {
    email: typeof parsed.email === 'string' ? parsed.email : '',
    newsletter: typeof parsed.newsletter === 'boolean' ? parsed.newsletter : true,
    shippingAddress: address,
  };
}

export function writeDraft(key: string, values: CheckoutDetailsValues): void {
  writeStored(storage, key, JSON.stringify(values));
}

export function clearDrafts(): void {
  for (const key of storedKeysStartingWith(storage, PREFIX) ?? []) writeStored(storage, key, null);
}
