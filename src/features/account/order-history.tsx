import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { accountQueries } from '../../api/account.queries';
import type { AccountOrder, AccountOrdersParams } from '../../api/types';
import { formatDate } from '../../lib/format-date';
import { formatPrice } from '../../lib/format-price';
import { inputStyles } from '../../ui/form-field';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { OrderStatusBadge } from '../../components/order-status-badge';

const EMPTY_ORDERS = 'Nothing to display. Please made an order and come back';
const NO_MATCH = 'No order matches this search and status.';
const SEARCH_DEBOUNCE_MS = 300;

type OrderStatusFilter = NonNullable<AccountOrdersParams['status']>;

/** Spec §2 status filter: each option's label as written, and what the API filters on (D7). */
const STATUS_OPTIONS: { label: string; status: OrderStatusFilter | '' }[] = [
  { label: 'Filter status', status: '' },
  { label: 'Waiting to Payment', status: 'PENDING' },
  { label: 'Processed', status: 'PAID' },
  { label: 'Shipped', status: 'SHIPPED' },
  { label: 'Delivered', status: 'DELIVERED' },
  { label: 'Canceled', status: 'CANCELLED' },
];

const linkStyle = css({
  color: 'accent',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: 'sm',
  _focusVisible: { focusOutline: 'outside' },
});

/** Waits until typing pauses, so the server is asked once per search, not once per key. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Order History (spec §2 "Account", D7): Search and the status filter really filter (the API's
 * `search` and `status`); a table from md up, an "Order # n" accordion below.
 */
export function OrderHistory() {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatusFilter | ''>('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const params: AccountOrdersParams = {
    ...(term ? { search: term } : {}),
    ...(status ? { status } : {}),
  };
  const filtered = Boolean(term || status);
  const orders = useQuery({ ...accountQueries.orders(params), placeholderData: keepPreviousData });

  return (
    <section aria-labelledby={`${ids}-title`} className={cardStyle}>
      <h2 id={`${ids}-title`} className={cardTitleStyle}>
        Order History
      </h2>
      <div
        role="search"
        className={css({
          display: 'grid',
          gap: '3',
          gridTemplateColumns: { base: '1fr', sm: '2fr 1fr' },
          mb: '5',
        })}
      >
        <div>
          <label htmlFor={`${ids}-search`} className={css({ srOnly: true })}>
            Search orders
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            placeholder="Search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={css(inputStyles)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-status`} className={css({ srOnly: true })}>
            Order status
          </label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatusFilter | '')}
            className={css(inputStyles, { appearance: 'auto' })}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.label} value={option.status}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div aria-live="polite" aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <Spinner label="Loading your orders..." showLabel />
        ) : orders.isError ? (
          <p role="alert" className={css({ color: 'danger' })}>
            Your orders could not be loaded. Please try again later.
          </p>
        ) : orders.data.length === 0 ? (
          <p data-testid="orders-empty" className={css({ color: 'textMuted', py: '4' })}>
            {filtered ? NO_MATCH : EMPTY_ORDERS}
          </p>
        ) : (
          <>
            <OrderTable orders={orders.data} />
            <OrderAccordion orders={orders.data} />
          </>
        )}
      </div>
    </section>
  );
}

const cellBase = css.raw({
  py: '3',
  px: '3',
  borderBottomWidth: '1px',
  borderColor: 'border',
  whiteSpace: 'nowrap',
});
const cellStyle = css(cellBase, { textAlign: 'left' });
const numberCellStyle = css(cellBase, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

function OrderTable({ orders }: { orders: AccountOrder[] }) {
  return (
    <div className={css({ display: { base: 'none', md: 'block' }, overflowX: 'auto' })}>
      <table data-testid="orders-table" className={css({ w: 'full', borderCollapse: 'collapse' })}>
        <caption className={css({ srOnly: true })}>Your orders, newest first</caption>
        <thead>
          <tr className={css({ color: 'textMuted', fontSize: 'sm' })}>
            {['Status', 'Date', 'OrderId', 'Items', 'Amount'].map((heading) => (
              <th
                key={heading}
                scope="col"
                className={css({
                  textAlign: heading === 'Amount' || heading === 'Items' ? 'right' : 'left',
                  py: '2',
                  px: '3',
                  borderBottomWidth: '1px',
                  borderColor: 'border',
                })}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId} data-testid="order-row">
              <td className={cellStyle}>
                <OrderStatusBadge status={order.status} />
                <OrderNextStep order={order} />
              </td>
              <td className={cellStyle}>{formatDate(order.createdAt)}</td>
              <td className={cellStyle}>
                <Link href={paths.completedCheckout(order.orderId)} className={linkStyle}>
                  {order.orderId}
                </Link>
              </td>
              <td className={numberCellStyle}>{order.items}</td>
              <td className={numberCellStyle}>{formatPrice(order.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const nextStepStyle = css({ display: 'block', mt: '1', fontSize: 'sm', whiteSpace: 'normal' });

/**
 * What the badge alone does not say (issue 30, D9, ADR-0056): a failed payment in words, with
 * Pay now to its order page, which pays the same order in any tab or device (ADR-0058); a cash
 * on delivery order is paid on delivery. Nothing for the rest.
 */
function OrderNextStep({ order }: { order: AccountOrder }) {
  if (order.status === 'PAYMENT_FAILED') {
    return (
      <span className={nextStepStyle}>
        <span className={css({ color: 'danger', fontWeight: 'semibold' })}>Payment failed</span>{' '}
        <Link href={paths.completedCheckout(order.orderId)} className={linkStyle}>
          Pay now
        </Link>
      </span>
    );
  }
  if (order.status === 'PENDING' && order.paymentMethod === 'cod') {
    return <span className={nextStepStyle}>You will pay on delivery.</span>;
  }
  return null;
}

function hasNextStep(order: AccountOrder): boolean {
  return (
    order.status === 'PAYMENT_FAILED' ||
    (order.status === 'PENDING' && order.paymentMethod === 'cod')
  );
}

function OrderAccordion({ orders }: { orders: AccountOrder[] }) {
  return (
    <ul
      data-testid="orders-accordion"
      className={css({ display: { base: 'grid', md: 'none' }, gap: '2', listStyle: 'none' })}
    >
      {orders.map((order) => (
        <li key={order.orderId}>
          <details
            className={css({
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'lg',
              bg: 'surface',
              '&[open] > summary': { borderBottomWidth: '1px', borderColor: 'border' },
            })}
          >
            <summary
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '3',
                px: '4',
                py: '3',
                cursor: 'pointer',
                fontWeight: 'semibold',
                borderRadius: 'lg',
                _focusVisible: { focusOutline: 'flush' },
              })}
            >
              <span>Order # {order.orderId}</span>
              <OrderStatusBadge status={order.status} />
            </summary>
            <dl
              className={css({
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                gap: '2',
                px: '4',
                py: '3',
                '& dt': { color: 'textMuted' },
                '& dd': { textAlign: 'right' },
              })}
            >
              {hasNextStep(order) ? (
                <>
                  <dt>Status</dt>
                  <dd>
                    <OrderNextStep order={order} />
                  </dd>
                </>
              ) : null}
              <dt>Date</dt>
              <dd>{formatDate(order.createdAt)}</dd>
              <dt>OrderId</dt>
              <dd>
                <Link href={paths.completedCheckout(order.orderId)} className={linkStyle}>
                  {order.orderId}
                </Link>
              </dd>
              <dt>Items</dt>
              <dd>{order.items}</dd>
              <dt>Amount</dt>
              <dd>{formatPrice(order.amount)}</dd>
            </dl>
          </details>
        </li>
      ))}
    </ul>
  );
}

export const cardStyle = css({
  p: { base: '5', md: '6' },
  borderRadius: '2xl',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  minW: '0',
});

export const cardTitleStyle = css({
  fontSize: { base: 'xl', md: '2xl' },
  fontWeight: 'bold',
  mb: '4',
  color: 'text',
});
