import type { SnapshotFrom } from 'xstate';
import type { OrderTotals, PaymentContext, paymentMachine } from './payment.machine';

/**
 * What views read of a payment snapshot (the machine's context stays its own). The Pay button
 * and the order the machine sends read the same amount due: the cart's totals, or the server's
 * revised totals after a 409 TOTALS_MISMATCH the shopper was shown.
 */
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export function dueTotals(
  context: Pick<PaymentContext, 'revisedTotals'>,
  cartTotals: OrderTotals,
): OrderTotals {
  return context.revisedTotals ?? cartTotals;
}

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
