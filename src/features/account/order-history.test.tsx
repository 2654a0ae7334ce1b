import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionJwt } from '../../../tests/fixtures/jwt';
import { renderApp } from '../../../tests/support/render-app';
import type { AccountOrder } from '../../api/types';
import { updateAttempt } from '../../payment/payment-attempt';
import { OrderHistory } from './order-history';

// Issue 30: order history tells the truth too. A failed payment is said in words (D9) with the
// way to pay it, a cash on delivery order says it is paid on delivery, and no row thanks anyone.

const FIND = { timeout: 10_000 };

function row(overrides: Partial<AccountOrder>): AccountOrder {
  return {
    orderId: 41,
    status: 'PAID',
    createdAt: '2026-11-27T10:00:00.000Z',
    items: 1,
    amount: 14.99,
    paymentMethod: 'card',
    ...overrides,
  };
}

afterEach(() => window.sessionStorage.clear());

function renderHistory(orders: AccountOrder[]) {
  return renderApp({
    path: '/account',
    session: { token: sessionJwt() },
    ui: <OrderHistory />,
    api: { 'GET /api/v1/account/orders': () => orders },
  });
}

describe('order history follows each order’s status (issue 30)', () => {
  it('a PAYMENT_FAILED order this tab placed offers Pay now, leading to its order page', async () => {
    updateAttempt('key-41', { orderId: 41, paymentMethod: 'card' });
    renderHistory([row({ orderId: 41, status: 'PAYMENT_FAILED' })]);
    const table = await screen.findByTestId('orders-table', undefined, FIND);
    const payNow = within(table).getByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe('/completed-checkout/41');
    expect(within(table).getByText('Payment failed')).toBeTruthy();
  });

  it('a PAYMENT_FAILED order placed in another tab or device says "Payment failed" in words, with Pay now to its page, which pays it there too (ADR-0058)', async () => {
    renderHistory([row({ orderId: 42, status: 'PAYMENT_FAILED' })]);
    const table = await screen.findByTestId('orders-table', undefined, FIND);
    expect(within(table).getByText('Payment failed')).toBeTruthy();
    const payNow = within(table).getByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe('/completed-checkout/42');
  });

  it('a cash-on-delivery order says the shopper will pay on delivery', async () => {
    renderHistory([row({ orderId: 43, status: 'PENDING', paymentMethod: 'cod' })]);
    const table = await screen.findByTestId('orders-table', undefined, FIND);
    expect(within(table).getByText(/You will pay on delivery/)).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });
});
