import type { SnapshotFrom } from 'xstate';
import { dueTotals, type OrderTotals, type paymentMachine } from './payment.machine';

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
