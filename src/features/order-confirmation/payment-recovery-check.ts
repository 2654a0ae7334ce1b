import type { QueryClient } from '@tanstack/react-query';
import { orderQueries } from '../../api/orders.queries';
import { paths } from '../../lib/paths';
import { orderTokenFor } from '../../payment/order-tokens';
import { clearAttempt, updateAttempt } from '../../payment/payment-attempt';

/**
 * PaymentRecovery's work once a payment was being confirmed when the page went (ADR-0050): the
 * order's true state decides. Cancelled: the attempt is over and nothing is shown. Otherwise its
 * confirmation page, once: paid ends the attempt; still confirming or failed keeps its key for
 * Pay now, and the page follows the order from there.
 */
export async function recoverPayment({
  queryClient,
  location,
  orderId,
  idempotencyKey,
  navigate,
  live,
}: {
  queryClient: QueryClient;
  location: string;
  orderId: number;
  idempotencyKey: string;
  navigate: (to: string) => void;
  /** False once the layout that asked is gone. */
  live: () => boolean;
}): Promise<void> {
  const target = paths.completedCheckout(orderId);
  if (location === target) return;
  const order = await queryClient
    .fetchQuery(orderQueries.detail(orderId, orderTokenFor(orderId)))
    // Not found (another session's order) or offline: nothing to show, the shop goes on.
    .catch(() => null);
  if (!order || !live()) return;
  if (order.status === 'CANCELLED') {
    clearAttempt();
    return;
  }
  if (order.status === 'PAID') clearAttempt();
  else updateAttempt(idempotencyKey, { confirming: false });
  navigate(target);
}
