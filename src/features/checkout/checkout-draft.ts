import { emptyShippingAddress } from '../../components/address.schema';
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

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): CheckoutDetailsValues | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<CheckoutDetailsValues> | null;
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
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: CheckoutDetailsValues): void {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the form still works, only a reload forgets it.
  }
}

export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) store.removeItem(key);
    }
  } catch {
    // Nothing to clear without storage.
  }
}
