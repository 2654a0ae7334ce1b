import { describe, expect, it } from 'vitest';
import { signup, testServerForSuite, type Schemas } from './test-server';

type Cart = Schemas['Cart'];
const server = testServerForSuite();

describe('guest cart', () => {
  it('starts empty, then the first add creates a cart with a token', async () => {
    const { api } = server;
    const empty = await api<Cart>('GET', '/cart');
    expect(empty.body).toEqual({
      cartId: null,
      cartToken: null,
      cartItems: [],
      shipMethod: null,
      promo: null,
      promoValidation: null,
      subtotal: 0,
      tax: 0,
      shipping: 0,
      discount: 0,
      total: 0,
      totalQuantity: 0,
    });
    const added = await api<Cart>('POST', '/cart/items', { body: { productId: 3, quantity: 2 } });
    expect(added.status).toBe(200);
    expect(added.body.cartToken).toMatch(/^ct_/);
    expect(added.body.cartItems).toEqual([
      {
        cartItemId: expect.any(Number),
        productId: 3,
        productName: 'cappucino',
        productCategory: 'coffee_baverage',
        imageUrl: '/images/products/3-1.svg',
        price: 5,
        quantity: 2,
        stock: 28,
        lineTotal: 10,
      },
    ]);
    expect(added.body).toMatchObject({
      subtotal: 10,
      tax: 1,
      shipping: 0,
      discount: 0,
      total: 11,
      totalQuantity: 2,
    });
    const token = added.body.cartToken ?? '';
    const again = await api<Cart>('GET', '/cart', { cartToken: token });
    expect(again.body.cartItems).toHaveLength(1);
    // an unknown token is a different (empty) cart, and a new add never adopts a client-chosen token
    expect((await api<Cart>('GET', '/cart', { cartToken: 'ct_made_up' })).body.cartId).toBeNull();
    const fresh = await api<Cart>('POST', '/cart/items', {
      cartToken: 'ct_made_up',
      body: { productId: 3, quantity: 1 },
    });
    expect(fresh.body.cartToken).not.toBe('ct_made_up');
  });

  it('adding an existing product adds to its line, and stock counts what is in the cart', async () => {
    const { api } = server;
    const first = await api<Cart>('POST', '/cart/items', {
      body: { productId: 1 + 1 + 13, quantity: 10 },
    }); // chocolate croissant, 15
    const cartToken = first.body.cartToken ?? '';
    const second = await api<Cart>('POST', '/cart/items', {
      cartToken,
      body: { productId: 15, quantity: 5 },
    });
    expect(second.body.cartItems).toHaveLength(1);
    expect(second.body.cartItems[0]?.quantity).toBe(15);
    const tooMany = await api('POST', '/cart/items', {
      cartToken,
      body: { productId: 15, quantity: 1 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 15 left in stock for chocolate croissant',
    });
    const cafeOnly = await api('POST', '/cart/items', {
      cartToken,
      body: { productId: 2, quantity: 1 },
    });
    expect(cafeOnly.status).toBe(409);
    expect(cafeOnly.body).toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      message: 'Iced creamy latte is only available at the cafe',
    });
    const missing = await api('POST', '/cart/items', {
      cartToken,
      body: { productId: 404, quantity: 1 },
    });
    expect(missing.status).toBe(404);
    const zero = await api('POST', '/cart/items', {
      cartToken,
      body: { productId: 15, quantity: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { quantity: 'Quantity must be at least 1' },
    });
  });

  it('a refused first add creates no cart', async () => {
    const res = await server.api('POST', '/cart/items', { body: { productId: 1, quantity: 1 } });
    expect(res.status).toBe(409);
    const count = await server.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM carts WHERE guest_token IS NOT NULL AND id NOT IN (SELECT cart_id FROM cart_items)',
    );
    expect(count?.n).toBe(0);
  });

  it('sets quantities within 1..stock, removes lines and clears', async () => {
    const { api } = server;
    const add = await api<Cart>('POST', '/cart/items', { body: { productId: 4, quantity: 1 } });
    const cartToken = add.body.cartToken ?? '';
    const lineId = add.body.cartItems[0]?.cartItemId ?? 0;
    const set = await api<Cart>('PATCH', `/cart/items/${lineId}`, {
      cartToken,
      body: { quantity: 5 },
    });
    expect(set.body.cartItems[0]?.quantity).toBe(5);
    expect(
      (await api('PATCH', `/cart/items/${lineId}`, { cartToken, body: { quantity: 0 } })).status,
    ).toBe(400);
    const over = await api('PATCH', `/cart/items/${lineId}`, { cartToken, body: { quantity: 28 } });
    expect(over.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Only 27 left in stock for iced long black',
    });
    // another cart's line is not found
    expect((await api('PATCH', `/cart/items/${lineId}`, { body: { quantity: 2 } })).status).toBe(
      404,
    );
    expect((await api('DELETE', `/cart/items/${lineId}`, { cartToken: 'ct_other' })).status).toBe(
      404,
    );

    await api('POST', '/cart/items', { cartToken, body: { productId: 9, quantity: 1 } });
    const removed = await api<Cart>('DELETE', `/cart/items/${lineId}`, { cartToken });
    expect(removed.body.cartItems.map((l) => l.productId)).toEqual([9]);
    await api('PATCH', '/cart/shipping/3', { cartToken });
    await api('PATCH', '/cart/promo-code', { cartToken, body: { code: 'CASHBACK25' } });
    const cleared = await api<Cart>('DELETE', '/cart', { cartToken });
    expect(cleared.body).toMatchObject({
      cartItems: [],
      shipMethod: null,
      promo: null,
      total: 0,
      cartToken,
    });
  });

  it('chooses and forgets shipping', async () => {
    const { api } = server;
    const add = await api<Cart>('POST', '/cart/items', { body: { productId: 3, quantity: 2 } });
    const cartToken = add.body.cartToken ?? '';
    const ship = await api<Cart>('PATCH', '/cart/shipping/2', { cartToken });
    expect(ship.body.shipMethod).toEqual({
      methodId: 2,
      methodName: 'Standard Shipping',
      code: 'S',
      expectedArrival: '4 - 6 Business Days',
      price: 3.99,
    });
    expect(ship.body).toMatchObject({ subtotal: 10, tax: 1, shipping: 3.99, total: 14.99 });
    expect((await api('PATCH', '/cart/shipping/9', { cartToken })).status).toBe(404);
    const clear = await api<Cart>('POST', '/cart/clearShip', { cartToken });
    expect(clear.body).toMatchObject({ shipMethod: null, shipping: 0, total: 11 });
  });
});

describe('promos on the cart', () => {
  it('applies by id and by code, with the reasons for refusals', async () => {
    const { api } = server;
    const add = await api<Cart>('POST', '/cart/items', { body: { productId: 3, quantity: 2 } }); // cappucino: FREESHIP2 only
    const cartToken = add.body.cartToken ?? '';
    await api('PATCH', '/cart/shipping/3', { cartToken });

    const notEligible = await api('PATCH', '/cart/promo/1', { cartToken });
    expect(notEligible.status).toBe(400);
    expect(notEligible.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message: 'Promo code does not apply to the selected products',
    });
    expect(
      (await api('PATCH', '/cart/promo-code', { cartToken, body: { code: 'NOPE' } })).body,
    ).toMatchObject({ code: 'PROMO_REJECTED', message: 'Promo code is invalid' });
    expect(
      (await api('PATCH', '/cart/promo-code', { cartToken, body: { code: 'summer10' } })).body,
    ).toMatchObject({ message: 'Promo code has expired' });
    expect((await api('PATCH', '/cart/promo/6', { cartToken })).body).toMatchObject({
      message: 'Promo code is not available yet',
    });
    expect((await api('PATCH', '/cart/promo/99', { cartToken })).status).toBe(404);

    const free = await api<Cart>('PATCH', '/cart/promo-code', {
      cartToken,
      body: { code: 'freeship2' },
    });
    expect(free.status).toBe(200);
    // free shipping: the shipping line stays, the discount cancels it once
    expect(free.body).toMatchObject({
      subtotal: 10,
      tax: 1,
      shipping: 6.99,
      discount: 6.99,
      total: 11,
    });
    expect(free.body.promo).toMatchObject({
      promoId: 3,
      code: 'FREESHIP2',
      discountType: 'free_shipping',
    });
    expect(free.body.promoValidation).toEqual({
      accepted: true,
      message: 'Promo code applied successfully',
      discountAmount: 6.99,
    });

    const second = await api('PATCH', '/cart/promo/2', { cartToken });
    expect(second.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message: 'Promo code does not apply to the selected products',
    });
    await api('POST', '/cart/items', { cartToken, body: { productId: 18, quantity: 1 } }); // DISKON50 and FREESHIP2
    const oneAtATime = await api('PATCH', '/cart/promo/2', { cartToken });
    expect(oneAtATime.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message: 'Only one promo code can be applied at a time',
    });
    await api(
      'DELETE',
      `/cart/items/${(await api<Cart>('GET', '/cart', { cartToken })).body.cartItems[1]?.cartItemId ?? 0}`,
      { cartToken },
    );
    expect((await api('PATCH', '/cart/promo/3', { cartToken })).status).toBe(200);

    const promos = await api<Schemas['CartPromos']>('GET', '/cart/promos', { cartToken });
    expect(promos.body.availablePromos.map((p) => p.code)).toEqual(['FREESHIP2']);
    expect(promos.body.unavailablePromos.map((p) => [p.code, p.reason])).toEqual([
      ['CASHBACK25', 'Promo code does not apply to the selected products'],
      ['DISKON50', 'Promo code does not apply to the selected products'],
      ['SUMMER10', 'Promo code has expired'],
      ['HOLIDAY15', 'Promo code has expired'],
      ['NEWUSER5', 'Promo code is not available yet'],
    ]);

    const removed = await api<Cart>('DELETE', '/cart/promo', { cartToken });
    expect(removed.body).toMatchObject({
      promo: null,
      promoValidation: null,
      discount: 0,
      total: 17.99,
    });
  });

  it('a promo that stops applying stays attached with discount 0 and the reason', async () => {
    const { api } = server;
    const add = await api<Cart>('POST', '/cart/items', { body: { productId: 9, quantity: 2 } }); // CASHBACK25 eligible, $4
    const cartToken = add.body.cartToken ?? '';
    const lineId = add.body.cartItems[0]?.cartItemId ?? 0;
    const applied = await api<Cart>('PATCH', '/cart/promo/1', { cartToken });
    // 2 × 4.00 + 0.80 tax - 2.50
    expect(applied.body).toMatchObject({ discount: 2.5, total: 6.3 });
    await api('POST', '/cart/items', { cartToken, body: { productId: 3, quantity: 1 } });
    const left = await api<Cart>('DELETE', `/cart/items/${lineId}`, { cartToken });
    expect(left.body.promo?.code).toBe('CASHBACK25');
    expect(left.body.promoValidation).toEqual({
      accepted: false,
      message: 'Promo code does not apply to the selected products',
      discountAmount: 0,
    });
    expect(left.body).toMatchObject({ discount: 0, total: 5.5 });
  });

  it('percentage promos discount the eligible lines only', async () => {
    const { api } = server;
    const add = await api<Cart>('POST', '/cart/items', { body: { productId: 6, quantity: 2 } }); // DISKON50 eligible, $4
    const cartToken = add.body.cartToken ?? '';
    await api('POST', '/cart/items', { cartToken, body: { productId: 3, quantity: 1 } }); // not eligible, $5
    const res = await api<Cart>('PATCH', '/cart/promo/2', { cartToken });
    // Half of the eligible 8.00 off: 13.00 + 1.30 tax - 4.00.
    expect(res.body).toMatchObject({ subtotal: 13, tax: 1.3, discount: 4, total: 10.3 });
  });
});

describe('signed-in cart and merge', () => {
  it('merges the guest cart on sign-in: quantities add, nothing lost, guest cart gone', async () => {
    const { api } = server;
    const user = await signup(api);
    await api('POST', '/cart/items', { token: user.token, body: { productId: 10, quantity: 2 } });
    await api('POST', '/cart/items', { token: user.token, body: { productId: 11, quantity: 1 } });

    const guest = await api<Cart>('POST', '/cart/items', { body: { productId: 10, quantity: 3 } });
    const cartToken = guest.body.cartToken ?? '';
    await api('POST', '/cart/items', { cartToken, body: { productId: 12, quantity: 4 } });
    await api('PATCH', '/cart/shipping/2', { cartToken });
    await api('PATCH', '/cart/promo/2', { cartToken });

    // while signed in, the bearer decides the cart even if a cart token is also sent
    const mine = await api<Cart>('GET', '/cart', { token: user.token, cartToken });
    expect(mine.body.cartToken).toBeNull();
    expect(mine.body.totalQuantity).toBe(3);

    const merged = await api<Cart>('POST', '/cart/merge', { token: user.token, cartToken });
    expect(merged.status).toBe(200);
    expect(merged.body.cartItems.map((l) => [l.productId, l.quantity])).toEqual([
      [10, 5],
      [11, 1],
      [12, 4],
    ]);
    expect(merged.body.shipMethod?.methodId).toBe(2);
    expect(merged.body.promo?.code).toBe('DISKON50');
    expect(merged.body.cartToken).toBeNull();
    expect((await api<Cart>('GET', '/cart', { cartToken })).body.cartId).toBeNull();
    // merging again (no guest cart any more) just answers the user's cart
    const again = await api<Cart>('POST', '/cart/merge', { token: user.token, cartToken });
    expect(again.body.totalQuantity).toBe(10);
  });

  it('caps merged quantities at the stock', async () => {
    const { api } = server;
    const user = await signup(api);
    await api('POST', '/cart/items', {
      token: user.token,
      body: { productId: 2 + 12 + 4, quantity: 20 },
    }); // banana cake, 27
    const guest = await api<Cart>('POST', '/cart/items', { body: { productId: 18, quantity: 20 } });
    const merged = await api<Cart>('POST', '/cart/merge', {
      token: user.token,
      cartToken: guest.body.cartToken ?? '',
    });
    expect(merged.body.cartItems[0]?.quantity).toBe(27);
  });

  it('merge needs a signed-in caller', async () => {
    const res = await server.api('POST', '/cart/merge', { cartToken: 'ct_x' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a bad token on a cart call is 401, never a silent guest cart', async () => {
    const res = await server.api('GET', '/cart', { token: 'not.a.jwt' });
    expect(res.status).toBe(401);
  });
});
