import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { orderQueries } from '../../api/orders.queries';
import type { OrderDetail } from '../../api/types';
import { PageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { PayOrderPanel } from './pay-order-panel';

/** Spec §2's thanks heading: only for an order that is really on its way (issue 30). */
const THANKS_HEADING = 'Thank you for your order!';
const PAY_ON_DELIVERY = 'You will pay on delivery.';

const statusBlock = css({ mb: { base: '6', md: '8' } });

/** A card order not paid yet and not failed: its payment is being confirmed. */
export function isConfirming(order: OrderDetail | undefined): boolean {
  return order?.status === 'PENDING' && order.paymentMethod === 'card';
}

/** The data store spells it CANCELLED; CANCELED is read the same (D9, shared decisions). */
function isCancelled(order: OrderDetail): boolean {
  return order.status === 'CANCELLED' || order.status === 'CANCELED';
}

/**
 * What the page says first, by the order's real status (ADR-0050, ADR-0056): thanks only for an
 * order on its way; "Payment failed" with the Pay now panel (ADR-0058), in any tab or browser; "This order was cancelled" and why; a cash on
 * delivery order says it is paid on delivery.
 */
export function OrderStatusHeading({
  order,
  orderToken,
  waitedTooLong,
}: {
  order: OrderDetail;
  orderToken: string | null;
  waitedTooLong: boolean;
}): ReactNode {
  if (order.status === 'PAYMENT_FAILED') {
    return (
      <>
        <div role="status" className={statusBlock}>
          <PageTitle>Payment failed</PageTitle>
          <p className={css({ color: 'danger', fontWeight: 'semibold' })}>
            {order.paymentError ?? 'Your payment did not go through.'} Nothing was charged. Your
            order is kept: pay again to complete it.
          </p>
        </div>
        <PayOrderPanel order={order} orderToken={orderToken} />
      </>
    );
  }
  if (isCancelled(order)) return <CancelledHeading order={order} orderToken={orderToken} />;
  if (order.status === 'REFUNDED') {
    return <PageTitle subtitle="Its payment was given back.">This order was refunded</PageTitle>;
  }
  if (isConfirming(order)) {
    return (
      <>
        <div role="status" className={statusBlock}>
          <PageTitle>Confirming your payment</PageTitle>
          {waitedTooLong ? (
            <p>
              We have not received your payment yet. If you did not finish paying, you can pay now;
              you will not be charged twice.
            </p>
          ) : (
            <p className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
              <Spinner size="sm" label="Confirming" />
              This page updates by itself as soon as your bank confirms the payment.
            </p>
          )}
        </div>
        {/* Two minutes without Stripe's word (ADR-0056): this order can be paid here. */}
        {waitedTooLong ? <PayOrderPanel order={order} orderToken={orderToken} /> : null}
      </>
    );
  }
  const payOnDelivery = order.paymentMethod === 'cod' && order.status === 'PENDING';
  return (
    <div className={statusBlock}>
      <PageTitle
        subtitle={`A confirmation has been sent to ${order.email}.`}
        className={css({ mb: '0' })}
      >
        {THANKS_HEADING}
      </PageTitle>
      {payOnDelivery ? (
        <p data-testid="pay-on-delivery" className={css({ mt: '2', fontWeight: 'semibold' })}>
          {PAY_ON_DELIVERY}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Why it was cancelled: the note of its first CANCELLED event, the cancellation itself (a lapse,
 * a cancelled card payment); later notes are the shop's own (a refund to make).
 */
function CancelledHeading({
  order,
  orderToken,
}: {
  order: OrderDetail;
  orderToken: string | null;
}): ReactNode {
  const history = useQuery(orderQueries.history(order.orderId, orderToken));
  const reason =
    history.data?.find((event) => event.status === 'CANCELLED' || event.status === 'CANCELED')
      ?.note ?? null;
  return (
    <div className={statusBlock}>
      <PageTitle className={css({ mb: '0' })}>This order was cancelled</PageTitle>
      {reason ? (
        <p data-testid="cancel-reason" className={css({ mt: '3', color: 'textMuted' })}>
          {reason}.
        </p>
      ) : null}
    </div>
  );
}
