import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine, CheckoutStepName } from './checkout.machine';

export { CHECKOUT_STEPS } from './checkout.machine';

/** What views read of a checkout snapshot. */
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The step indicator's index (0 Checkout, 1 Shipping, 2 Payment), or null before a step shows. */
export function checkoutStep(snapshot: CheckoutSnapshot): 0 | 1 | 2 | null {
  if (snapshot.hasTag('step-payment')) return 2;
  if (snapshot.hasTag('step-shipping')) return 1;
  if (snapshot.hasTag('step-details')) return 0;
  return null;
}

/** The payment machine invoked for the payment step (typed by `types.children`). */
export function paymentChild(snapshot: CheckoutSnapshot) {
  return snapshot.children.payment;
}

/** The step as the address names it (ADR-0057), or null before a step shows. */
export function checkoutStepName(snapshot: CheckoutSnapshot): CheckoutStepName | null {
  if (snapshot.hasTag('step-payment')) return 'payment';
  if (snapshot.hasTag('step-shipping')) return 'shipping';
  if (snapshot.hasTag('step-details')) return 'details';
  return null;
}
