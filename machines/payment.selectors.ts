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

/**
 * The server's reason for refusing the promo with this payment choice (issue 30: a card-only
 * promo on cash on delivery), shown beside the payment choice while cash on delivery is chosen.
 */
export function promoRefusal(snapshot: PaymentSnapshot): string | null {
  const { processingError, paymentMethod } = snapshot.context;
  if (paymentMethod !== 'cod' || processingError?.code !== 'PROMO_REJECTED') return null;
  return processingError.detail;
}

/** The failure the payment step explains in general words: any but a promo refusal (shown above). */
export function generalProcessingError(snapshot: PaymentSnapshot): ProcessingError | null {
  const { processingError } = snapshot.context;
  return processingError?.code === 'PROMO_REJECTED' ? null : processingError;
}
