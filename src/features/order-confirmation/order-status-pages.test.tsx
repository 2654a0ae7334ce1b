import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleAddress } from '../../../tests/fixtures/checkout';
import type { OrderDetail, OrderStatusEvent } from '../../api/types';
import { renderApp } from '../../../tests/support/render-app';
import { rememberOrderToken } from '../../payment/order-tokens';
import { updateAttempt } from '../../payment/payment-attempt';

// Issue 30 "Order pages tell the truth": the heading, text and actions follow the order's status,
// and every order page shows where the order ships. Texts from the issue and spec §2.

const THANKS = 'Thank you for your order!';
const FIND = { timeout: 10_000 };

function order(overrides: Partial<OrderDetail>): OrderDetail {
  return {
    orderId: 41,
    status: 'PAID',
    paymentStatus: 'PAID',
    email: 'guest@lumen.test',
    items: [
      {
        productId: 3,
        productName: 'cappucino',
        productImg: null,
        productCategory: 'coffee_baverage',
        quantity: 2,
        price: 5,
      },
    ],
    subtotalAmount: 10,
    taxAmount: 1,
    shippingAmount: 3.99,
    discountAmount: 0,
    totalAmount: 14.99,
    paymentMethod: 'card',
    shippingMethod: 'Standard Shipping 4 - 6 Business Days',
    shippingAddress: { ...sampleAddress, apartment: 'Suite 400' },
    promoCode: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    paymentError: null,
    ...overrides,
  };
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

function renderOrder(detail: OrderDetail, history: OrderStatusEvent[] = []) {
  rememberOrderToken(41, 'ot_guest');
  return renderApp({
    path: '/completed-checkout/41',
    api: {
      'GET /api/v1/order/{orderId}': () => detail,
      'GET /api/v1/order/{orderId}/history': () => history,
    },
  });
}

async function heading(): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1 }, FIND);
}

describe('order pages follow the order status (issue 30)', () => {
  it('a paid order thanks the shopper and says where the confirmation went', async () => {
    renderOrder(order({ status: 'PAID' }));
    expect((await heading()).textContent).toBe(THANKS);
    expect(screen.getByText(/A confirmation has been sent to guest@lumen\.test/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('a card order still PENDING says its payment is being confirmed, without thanks', async () => {
    renderOrder(order({ status: 'PENDING', paymentStatus: 'UNPAID' }));
    expect((await heading()).textContent).toBe('Confirming your payment');
    expect(screen.queryByText(THANKS)).toBeNull();
  });

  it('a cash-on-delivery order says the shopper will pay on delivery, and offers no Pay now', async () => {
    renderOrder(order({ status: 'PENDING', paymentStatus: 'UNPAID', paymentMethod: 'cod' }));
    await heading();
    expect(screen.getByText(/You will pay on delivery/)).toBeTruthy();
    expect(screen.queryByText('Confirming your payment')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('a PAYMENT_FAILED order says "Payment failed" with the reason and Pay now, never thanks', async () => {
    // The tab that placed the order holds its payment attempt.
    updateAttempt('key-41', { orderId: 41, paymentMethod: 'card' });
    renderOrder(
      order({
        status: 'PAYMENT_FAILED',
        paymentStatus: 'FAILED',
        paymentError: 'Your card was declined.',
      }),
    );
    expect((await heading()).textContent).toBe('Payment failed');
    expect(screen.getByText(/Your card was declined\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.queryByText(THANKS)).toBeNull();
  });

  it('a PAYMENT_FAILED order opened where no attempt is kept (another tab or device) offers the Pay now panel for this order (ADR-0058)', async () => {
    renderOrder(order({ status: 'PAYMENT_FAILED', paymentStatus: 'FAILED', paymentError: null }));
    expect((await heading()).textContent).toBe('Payment failed');
    expect(screen.queryByText(THANKS)).toBeNull();
    const panel = await screen.findByRole('region', { name: 'Pay for this order' }, FIND);
    expect(within(panel).getByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(within(panel).getByLabelText('Card Holder Name')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.queryByText(/in the browser tab where it was placed/)).toBeNull();
  });

  it('a cancelled order says so and why (the order history’s reason), without thanks or Pay now', async () => {
    renderOrder(order({ status: 'CANCELLED', paymentStatus: 'UNPAID' }), [
      { status: 'PENDING', at: '2026-11-27T10:00:00.000Z', note: 'Order placed' },
      {
        status: 'CANCELLED',
        at: '2026-11-27T10:30:00.000Z',
        note: 'Not paid within 30 minutes: cancelled, and its items went back to stock',
      },
    ]);
    expect((await heading()).textContent).toBe('This order was cancelled');
    expect(
      await screen.findByText(/Not paid within 30 minutes: cancelled/, undefined, FIND),
    ).toBeTruthy();
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('a refunded order says so, without thanks', async () => {
    renderOrder(order({ status: 'REFUNDED', paymentStatus: 'PAID' }));
    expect((await heading()).textContent).not.toBe(THANKS);
    expect(screen.queryByText(THANKS)).toBeNull();
  });

  it('every order page shows the ship-to address', async () => {
    renderOrder(order({ status: 'PAYMENT_FAILED', paymentStatus: 'FAILED' }));
    await heading();
    const shipTo = screen.getByRole('region', { name: 'Ship to' });
    const text = shipTo.textContent ?? '';
    for (const part of [
      'Ada Roast',
      '12 King Street West',
      'Suite 400',
      'Toronto',
      'Ontario',
      'M5V 2T6',
      'Canada',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(shipTo).getByText(/Toronto/)).toBeTruthy();
  });
});
