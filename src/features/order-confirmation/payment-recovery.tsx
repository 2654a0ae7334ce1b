import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { readAttempt } from '../../payment/payment-attempt';

// The order page's Pay now panel lives in pay-order-panel.tsx: this file is in every page's first
// visit (the layout renders PaymentRecovery), and the card fields must not be. What it does when
// there is something to recover (the order's fetch and its rules) loads only then
// (payment-recovery-check.ts), which keeps the first visit within its budget.
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
    const { idempotencyKey, orderId } = attempt;
    let live = true;
    import('./payment-recovery-check').then(
      ({ recoverPayment }) =>
        recoverPayment({
          queryClient,
          location,
          orderId,
          idempotencyKey,
          navigate,
          live: () => live,
        }),
      // Offline: nothing to show, the shop goes on.
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
