import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleAddress } from '../../../tests/fixtures/checkout';
import type { OrderDetail, OrderStatusEvent } from '../../api/types';
import { renderApp } from '../../../tests/support/render-app';
import { rememberOrderToken } from '../../payment/order-tokens';

// Issue 28 (ADR-0061): the shop moves a cash-on-delivery order on; the order page's tracking
// panel lists each status it went through with its date (spec §6's names for the statuses).

const FIND = { timeout: 10_000 };

const delivered: OrderDetail = {
  orderId: 52,
  status: 'DELIVERED',
  paymentStatus: 'PAID',
  email: 'guest@lumen.test',
  items: [
    {
      productId: 3,
      productName: 'cappucino',
      productImg: null,
      productCategory: 'coffee_baverage',
      quantity: 1,
      price: 5,
    },
  ],
  subtotalAmount: 5,
  taxAmount: 0.5,
  shippingAmount: 3.99,
  discountAmount: 0,
  totalAmount: 9.49,
  paymentMethod: 'cod',
  shippingMethod: 'Standard Shipping 4 - 6 Business Days',
  shippingAddress: { ...sampleAddress },
  promoCode: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  paymentError: null,
};

const history: OrderStatusEvent[] = [
  { status: 'PENDING', at: '2026-11-20T09:00:00.000Z', note: 'Order placed' },
  { status: 'SHIPPED', at: '2026-11-22T15:30:00.000Z', note: 'Shipped' },
  { status: 'DELIVERED', at: '2026-11-25T11:00:00.000Z', note: 'Delivered' },
];

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the tracking panel (issue 28)', () => {
  it('shows each status the shop moved the order through, with its date', async () => {
    rememberOrderToken(52, 'ot_guest');
    renderApp({
      path: '/completed-checkout/52',
      api: {
        'GET /api/v1/order/{orderId}': () => delivered,
        'GET /api/v1/order/{orderId}/history': () => history,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Tracking' }, FIND));
    const list = await screen.findByTestId('order-history', {}, FIND);
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Waiting For Payment',
      'Shipped',
      'Delivered',
    ]);
    const dates = steps.map((step) => step.querySelector('time'));
    expect(dates.map((time) => time?.getAttribute('datetime'))).toEqual(history.map((e) => e.at));
    for (const time of dates) expect(time?.textContent?.trim()).not.toBe('');
    expect(new Set(dates.map((time) => time?.textContent)).size).toBe(3);
  });
});
