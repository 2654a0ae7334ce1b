import { readStoredJson, type StorageGetter, writeStored } from '../lib/storage';

/**
 * The checkout's payment attempt (ADR-0050), kept in session storage so that a reload, or a
 * return to the cart, during "Processing payment..." finds the same attempt: its idempotency key
 * (a Pay again sends the same order request, and the server answers the same order, never a
 * second one) and, once placed, its order, whose true state the app then shows.
 */
const STORAGE_KEY = 'paymentAttempt';

export type PaymentAttempt = {
  idempotencyKey: string;
  paymentMethod: string;
  /** The placed order, once the server answered it. */
  orderId: number | null;
  /** The card was being confirmed with Stripe when the page was left. */
  confirming: boolean;
  /** Why its last payment failed, to show on the Payment step when it is taken up again. */
  reason?: string | null;
};

const storage: StorageGetter = () => window.sessionStorage;

export function readAttempt(from: StorageGetter = storage): PaymentAttempt | null {
  const parsed = readStoredJson(from, STORAGE_KEY) as Partial<PaymentAttempt> | null | undefined;
  if (!parsed || typeof parsed !== 'object') return null;
  if (typeof parsed.idempotencyKey !== 'string' || parsed.idempotencyKey === '') return null;
  return {
    idempotencyKey: parsed.idempotencyKey,
    paymentMethod: typeof parsed.paymentMethod === 'string' ? parsed.paymentMethod : 'card',
    orderId:
      typeof parsed.orderId === 'number' && Number.isSafeInteger(parsed.orderId)
        ? parsed.orderId
        : null,
    confirming: parsed.confirming === true,
    reason: typeof parsed.reason === 'string' ? parsed.reason : null,
  };
}

function writeAttempt(attempt: PaymentAttempt, to: StorageGetter = storage): void {
  writeStored(to, STORAGE_KEY, JSON.stringify(attempt));
}

/** Updates the stored attempt with the same key; a different key starts a new record. */
export function updateAttempt(
  idempotencyKey: string,
  changes: Partial<Omit<PaymentAttempt, 'idempotencyKey'>>,
  to: StorageGetter = storage,
): void {
  const current = readAttempt(to);
  const base: PaymentAttempt =
    current?.idempotencyKey === idempotencyKey
      ? current
      : { idempotencyKey, paymentMethod: 'card', orderId: null, confirming: false };
  writeAttempt({ ...base, ...changes }, to);
}

export function clearAttempt(to: StorageGetter = storage): void {
  writeStored(to, STORAGE_KEY, null);
}
