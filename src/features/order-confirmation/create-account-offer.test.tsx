import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleAddress } from '../../../tests/fixtures/checkout';
import { sessionJwt } from '../../../tests/fixtures/jwt';
import type { OrderDetail } from '../../api/types';
import { renderApp } from '../../../tests/support/render-app';
import { rememberOrderToken } from '../../payment/order-tokens';

// Issue 30: a guest's confirmation offers an account that keeps the order; a signed-in
// shopper's does not (the order is theirs already).

const OFFER = 'Create an account to follow this order';

const paidOrder: OrderDetail = {
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
  shippingAddress: { ...sampleAddress },
  promoCode: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  paymentError: null,
};

afterEach(() => window.localStorage.clear());

function renderConfirmation(session: { token: string } | null) {
  return renderApp({
    path: '/completed-checkout/41',
    session,
    api: { 'GET /api/v1/order/{orderId}': () => paidOrder },
  });
}

describe('the confirmation offers a guest an account (issue 30)', () => {
  it('a guest holding the order token is offered a link to the register page', async () => {
    rememberOrderToken(41, 'ot_guest');
    renderConfirmation(null);
    const offer = await screen.findByRole('link', { name: OFFER }, { timeout: 10_000 });
    expect(offer.getAttribute('href')).toBe('/register');
  });

  it('a signed-in shopper is not offered one, even holding a token from before signing in', async () => {
    rememberOrderToken(41, 'ot_guest');
    renderConfirmation({ token: sessionJwt() });
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: OFFER })).toBeNull();
  });
});
