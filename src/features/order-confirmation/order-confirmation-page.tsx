import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { css, cx } from 'styled-system/css';
import { isApiError } from '../../api/api-error';
import { orderQueries } from '../../api/orders.queries';
import type { OrderDetail, PaymentMethod } from '../../api/types';
import { Button } from '../../ui/button';
import { categoryLabel } from '../../components/category-labels';
import { Dialog } from '../../ui/dialog';
import { formatTransactionDate } from '../../lib/format-date';
import { formatDiscount, formatPrice } from '../../lib/format-price';
import { LinkButton } from '../../ui/link-button';
import { PageContainer } from '../../ui/page-container';
import { NotFoundView } from '../../components/not-found-view';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { orderTokenFor } from '../../payment/order-tokens';
import { orderStatusWords } from '../../components/order-status-badge';
import { clearAttempt, readAttempt } from '../../payment/payment-attempt';
import { countryName } from '../../lib/countries';
import { isConfirming, OrderStatusHeading } from './order-status-heading';
import { panel } from '../../ui/panel';
import { useSessionRestoring, useSessionUser } from '../../session/session';

/** Issue 30: a guest is offered an account that keeps this order (ADR-0055). */
export const CREATE_ACCOUNT_OFFER = 'Create an account to follow this order';

const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Debit/Credit Card',
  paypal: 'Paypal',
  cod: 'Cash on Delivery (COD)',
};

const cardStyle = cx(
  panel(),
  css({
    p: { base: '4', md: '6' },
  }),
);
const rowStyle = css({ display: 'flex', justifyContent: 'space-between', gap: '4' });

/** /completed-checkout/{orderId} (spec §2): the order the shopper just placed, from the server. */
export function OrderConfirmationPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const id = Number(orderId);
  const validId = Number.isInteger(id) && id > 0;
  // A guest reads the order with the token this browser kept when it was placed (D2).
  const orderToken = validId ? orderTokenFor(id) : null;
  // Two minutes without Stripe's word: the page stops asking and offers to pay again.
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), CONFIRMING_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const order = useQuery({
    ...orderQueries.detail(id, orderToken),
    enabled: validId,
    retry: false,
    // A card payment Stripe has not confirmed yet: asked again, 1 s, 2 s, 4 s … 10 s apart, for
    // up to two minutes; its webhook makes the order PAID on the server meanwhile.
    refetchInterval: (query) =>
      isConfirming(query.state.data) && !waitedTooLong
        ? Math.min(1_000 * 2 ** Math.max(0, query.state.dataUpdateCount - 1), 10_000)
        : false,
  });

  if (!validId || (order.isError && isApiError(order.error) && order.error.isNotFound)) {
    return (
      <PageContainer>
        <NotFoundView
          title="Order not found"
          text="It may have been placed in another browser, or the link is wrong."
          back={{ href: paths.menu(), label: 'Continue Shopping' }}
        />
      </PageContainer>
    );
  }
  if (order.isError) {
    return (
      <PageContainer>
        <PageTitle>Order confirmation</PageTitle>
        <p role="alert" className={css({ color: 'danger', mb: '4' })}>
          Your order could not be loaded. {order.error.message}
        </p>
        <Button onClick={() => void order.refetch()}>Try again</Button>
      </PageContainer>
    );
  }
  if (order.isPending) {
    return (
      <PageContainer>
        <div className={css({ py: '16', display: 'flex', justifyContent: 'center' })}>
          <Spinner size="lg" label="Loading your order..." />
        </div>
      </PageContainer>
    );
  }
  // Paid: the checkout's attempt is over (a reload during "Processing payment..." kept it).
  if (order.data.status === 'PAID' && readAttempt()?.orderId === order.data.orderId) clearAttempt();
  return <Confirmation order={order.data} orderToken={orderToken} waitedTooLong={waitedTooLong} />;
}

/** How long the page waits for Stripe's word before it offers to pay again. */
const CONFIRMING_FOR_MS = 2 * 60_000;

function Confirmation({
  order,
  orderToken,
  waitedTooLong,
}: {
  order: OrderDetail;
  orderToken: string | null;
  waitedTooLong: boolean;
}) {
  const [tracking, setTracking] = useState(false);
  const user = useSessionUser();
  const restoring = useSessionRestoring();
  // Only a guest who holds this order's token is offered an account: signing up then joins the
  // order to it (ADR-0055). A signed-in shopper's orders are theirs already.
  const offerAccount = orderToken !== null && user === null && !restoring;
  // Spec §2 derives Subtotal as total − shipping − tax, which only adds up without a promo. D9:
  // the server's item subtotal, so Subtotal − Discount + Tax + Shipping = Grand Total as shown.
  const subtotal = order.subtotalAmount;
  return (
    <PageContainer>
      <OrderStatusHeading order={order} orderToken={orderToken} waitedTooLong={waitedTooLong} />
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: '6',
          alignItems: 'start',
        })}
      >
        <section aria-labelledby="order-details-heading" className={cardStyle}>
          <h2
            id="order-details-heading"
            className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}
          >
            Order #{order.orderId}
          </h2>
          <dl
            data-testid="order-facts"
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
              columnGap: '6',
              rowGap: { base: '1', sm: '3' },
              overflowWrap: 'anywhere',
            })}
          >
            <dt className={css({ color: 'textMuted' })}>Customer email</dt>
            <dd>{order.email}</dd>
            <dt className={css({ color: 'textMuted' })}>Payment method</dt>
            <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
            <dt className={css({ color: 'textMuted' })}>Shipping method</dt>
            <dd>{order.shippingMethod}</dd>
            <dt className={css({ color: 'textMuted' })}>Status</dt>
            <dd data-testid="order-status">{orderStatusWords(order.status)}</dd>
            <dt className={css({ color: 'textMuted' })}>Total</dt>
            <dd className={css({ fontWeight: 'bold' })}>{formatPrice(order.totalAmount)}</dd>
            <dt className={css({ color: 'textMuted' })}>Transaction date</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatTransactionDate(order.createdAt)}</time>
            </dd>
          </dl>
          <ShipTo address={order.shippingAddress} />
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '6' })}>
            <Button visual="outline" onClick={() => setTracking(true)}>
              Tracking
            </Button>
            <LinkButton href={paths.menu()}>Continue Shopping</LinkButton>
            {offerAccount ? (
              <LinkButton visual="outline" href={paths.register()}>
                {CREATE_ACCOUNT_OFFER}
              </LinkButton>
            ) : null}
          </div>
        </section>

        <section aria-labelledby="your-order-heading" className={cardStyle}>
          <h2
            id="your-order-heading"
            className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}
          >
            Your Order
          </h2>
          <ul
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '4',
              listStyle: 'none',
            })}
          >
            {order.items.map((item) => (
              <li
                key={item.productId}
                data-testid="order-line"
                className={css({ display: 'flex', gap: '3', alignItems: 'center' })}
              >
                {item.productImg ? (
                  <img
                    src={item.productImg}
                    alt=""
                    width={56}
                    height={56}
                    className={css({
                      w: '14',
                      h: '14',
                      borderRadius: 'md',
                      objectFit: 'cover',
                      flexShrink: 0,
                    })}
                  />
                ) : null}
                <div className={css({ flex: '1', minW: '0' })}>
                  <p className={css({ fontWeight: 'semibold', textTransform: 'uppercase' })}>
                    {item.productName}
                  </p>
                  <p
                    className={css({
                      fontSize: 'xs',
                      color: 'textMuted',
                      textTransform: 'uppercase',
                    })}
                  >
                    {categoryLabel(item.productCategory)}
                  </p>
                  <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
                    {item.quantity} x {formatPrice(item.price)}
                  </p>
                </div>
                <span
                  className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}
                >
                  {formatPrice(item.quantity * item.price)}
                </span>
              </li>
            ))}
          </ul>
          <dl
            data-testid="order-totals"
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '2',
              mt: '6',
              pt: '4',
              borderTopWidth: '1px',
              borderColor: 'border',
              fontVariantNumeric: 'tabular-nums',
            })}
          >
            <div className={rowStyle}>
              <dt>Subtotal</dt>
              <dd>{formatPrice(subtotal)}</dd>
            </div>
            <div className={rowStyle}>
              <dt>Tax (10%)</dt>
              <dd>{formatPrice(order.taxAmount)}</dd>
            </div>
            <div className={rowStyle}>
              <dt>Discount</dt>
              <dd>{formatDiscount(order.discountAmount)}</dd>
            </div>
            <div className={rowStyle}>
              <dt>Shipping</dt>
              <dd>{formatPrice(order.shippingAmount)}</dd>
            </div>
            <div
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                fontWeight: 'bold',
                fontSize: 'lg',
              })}
            >
              <dt>Grand Total</dt>
              <dd>{formatPrice(order.totalAmount)}</dd>
            </div>
          </dl>
        </section>
      </div>
      {tracking ? (
        <TrackOrderPanel
          orderId={order.orderId}
          orderToken={orderToken}
          onClose={() => setTracking(false)}
        />
      ) : null}
    </PageContainer>
  );
}

/** Where the order ships (issue 30): on every order page, whatever its status. */
function ShipTo({ address }: { address: OrderDetail['shippingAddress'] }) {
  return (
    <section aria-labelledby="ship-to-heading" className={css({ mt: '6' })}>
      <h3 id="ship-to-heading" className={css({ fontSize: 'lg', fontWeight: 'bold', mb: '2' })}>
        Ship to
      </h3>
      <address
        data-testid="ship-to"
        className={css({ fontStyle: 'normal', overflowWrap: 'anywhere' })}
      >
        <span className={css({ display: 'block', fontWeight: 'semibold' })}>{address.name}</span>
        <span className={css({ display: 'block' })}>{address.street}</span>
        {address.apartment ? (
          <span className={css({ display: 'block' })}>{address.apartment}</span>
        ) : null}
        <span className={css({ display: 'block' })}>
          {address.city}, {address.province} {address.postalCode}
        </span>
        <span className={css({ display: 'block' })}>{countryName(address.country)}</span>
      </address>
    </section>
  );
}

/** The order's real status history (D7), oldest first. */
function TrackOrderPanel({
  orderId,
  orderToken,
  onClose,
}: {
  orderId: number;
  orderToken: string | null;
  onClose: () => void;
}) {
  const history = useQuery(orderQueries.history(orderId, orderToken));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Track Order">
      {history.isPending ? (
        <Spinner label="Loading the order's history..." />
      ) : history.isError ? (
        <p role="alert" className={css({ color: 'danger' })}>
          The order's history could not be loaded.
        </p>
      ) : (
        <ol
          data-testid="order-history"
          className={css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none' })}
        >
          {history.data.map((event, index) => (
            <li
              key={`${event.status}-${event.at}-${index}`}
              className={css({ pl: '4', borderLeftWidth: '3px', borderColor: 'accent' })}
            >
              <p className={css({ fontWeight: 'bold' })}>{orderStatusWords(event.status)}</p>
              {event.note ? <p className={css({ color: 'textMuted' })}>{event.note}</p> : null}
              <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
                <time dateTime={event.at}>{formatTransactionDate(event.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Button
        visual="outline"
        onClick={onClose}
        css={css.raw({ mt: '6', alignSelf: 'flex-start' })}
      >
        Close
      </Button>
    </Dialog>
  );
}
