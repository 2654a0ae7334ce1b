import type { SnapshotFrom } from 'xstate';
import {
  dueTotals,
  type OrderTotals,
  type paymentMachine,
  type ProcessingError,
} from './payment.machine';

/**
 * What views read of a payment snapshot (the machine's context stays its own). The Pay button
 * and the order the machine sends read the same amount due (the machine's dueTotals).
 */
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** The amount Pay (or Place Order) charges for this cart now. */
export function amountDue(snapshot: PaymentSnapshot, cartTotals: OrderTotals): number {
  return dueTotals(snapshot.context, cartTotals).total;
}

/** An order is being placed, confirmed or recorded: nothing may leave the step. */
export function isProcessing(snapshot: PaymentSnapshot | undefined): boolean {
  return snapshot?.hasTag('processing') ?? false;
}

/** Back is possible (not while an order is being processed). */
export function canLeavePayment(snapshot: PaymentSnapshot | undefined): boolean {
  return snapshot?.can({ type: 'payment.back' }) ?? true;
}

/** Refusals of cash on delivery itself, which the server explains in the shopper's words. */
const COD_REFUSALS = new Set(['PROMO_REJECTED', 'PAYMENT_METHOD_UNAVAILABLE']);

/**
 * The server's reason for refusing cash on delivery, shown beside the payment choice while cash
 * on delivery is chosen: a card-only promo (issue 30), or a shop that takes no cash on delivery
 * now (`COD_ENABLED=false`, or the product's unpaid share is held; issue 28, ADR-0061).
 */
export function codRefusal(snapshot: PaymentSnapshot): string | null {
  const { processingError, paymentMethod } = snapshot.context;
  if (paymentMethod !== 'cod' || !COD_REFUSALS.has(processingError?.code ?? '')) return null;
  return processingError?.detail ?? null;
}

/** The failure the payment step explains in general words: any but a refusal of cash on delivery. */
export function generalProcessingError(snapshot: PaymentSnapshot): ProcessingError | null {
  return codRefusal(snapshot) === null ? snapshot.context.processingError : null;
}
