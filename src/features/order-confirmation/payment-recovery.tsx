import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { orderQueries } from '../../api/orders.queries';
import { paths } from '../../lib/paths';
import { orderTokenFor } from '../../payment/order-tokens';
import { clearAttempt, readAttempt, updateAttempt } from '../../payment/payment-attempt';

// The order page's Pay now panel lives in pay-order-panel.tsx: this file is in every page's first
// visit (the layout renders PaymentRecovery), and the card fields must not be.
/**
 * A reload (or a return to the shop) during "Processing payment..." (ADR-0050): the card was
 * being confirmed when the page went, so the shopper is shown the order's true state on its
 * confirmation page: paid, still being confirmed (it updates by itself), or failed with Pay now,
 * which asks for the same order again. Renders nothing.
 */
export function PaymentRecovery() {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const attempt = readAttempt();
    if (!attempt?.confirming || attempt.orderId === null) return;
    const orderId = attempt.orderId;
    const target = paths.completedCheckout(orderId);
    if (location === target) return;
    let live = true;
    queryClient.fetchQuery(orderQueries.detail(orderId, orderTokenFor(orderId))).then(
      (order) => {
        if (!live) return;
        if (order.status === 'CANCELLED') {
          clearAttempt();
          return;
        }
        // Shown once. Paid: the attempt is over. Otherwise its key stays for Pay now, and the
        // confirmation page follows the order from here.
        if (order.status === 'PAID') clearAttempt();
        else updateAttempt(attempt.idempotencyKey, { confirming: false });
        navigate(target);
      },
      // Not found (another session's order) or offline: nothing to show, the shop goes on.
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once per page load: later navigations are the shopper's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
