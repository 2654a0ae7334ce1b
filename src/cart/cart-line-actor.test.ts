import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createFakeApi, type FakeApi } from '../../tests/support/fake-api';
import { emptyCart } from '../../tests/fixtures/cart';
import { cartKeys } from '../api/cart.queries';
import { bindApi, createApiClient } from '../api/client';
import type { Cart } from '../api/types';
import { provideCartLineMachine } from './cart-line-actor';

/** A cart with line 7 at `quantity`, `stock` of its product left. */
function cartWith(quantity: number, stock = 20): Cart {
  return {
    ...emptyCart,
    cartId: 1,
    cartItems: [
      {
        cartItemId: 7,
        productId: 3,
        productName: 'Flat White',
        productCategory: 'coffee_baverage',
        imageUrl: '/images/products/3.webp',
        price: 4,
        quantity,
        stock,
        lineTotal: 4 * quantity,
      },
    ],
    subtotal: 4 * quantity,
    total: 4 * quantity,
    totalQuantity: quantity,
  };
}

let api: FakeApi;
let queryClient: QueryClient;

beforeEach(() => {
  api = createFakeApi({
    'PATCH /api/v1/cart/items/{cartItemId}': ({ body }) => cartWith(body.quantity),
    'GET /api/v1/cart/promos': { availablePromos: [], unavailablePromos: [] },
  });
  queryClient = bindApi(
    new QueryClient(),
    createApiClient({ baseUrl: 'https://shop.example', fetch: api.fetch }),
  );
  queryClient.setQueryData(cartKeys.detail(), cartWith(2));
});

afterEach(() => queryClient.clear());

function startLine() {
  const actor = createActor(provideCartLineMachine(queryClient), {
    input: { cartItemId: 7, quantity: 2, stock: 20 },
  });
  actor.start();
  return actor;
}

describe('the cart line actor, fed by the cart query (no React)', () => {
  it('follows an answer for its line that reaches the cache from elsewhere', () => {
    const actor = startLine();

    queryClient.setQueryData(cartKeys.detail(), cartWith(5, 6));

    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 5, target: 5, max: 6 });
    actor.stop();
  });

  it('stops listening when it stops', () => {
    const actor = startLine();
    actor.stop();

    queryClient.setQueryData(cartKeys.detail(), cartWith(5));

    expect(actor.getSnapshot().context.confirmed).toBe(2);
  });

  it('saves through the cart mutation, which writes the answer into the cache', async () => {
    const actor = startLine();

    actor.send({ type: 'quantity.increase' });
    await expect.poll(() => actor.getSnapshot().hasTag('saving')).toBe(false);

    expect(api.callsTo('PATCH /api/v1/cart/items/{cartItemId}').map((c) => c.body)).toEqual([
      { quantity: 3 },
    ]);
    expect(queryClient.getQueryData<Cart>(cartKeys.detail())?.totalQuantity).toBe(3);
    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 3, target: 3 });
    actor.stop();
  });

  it('never fetches the cart itself (the list showing the line owns the query)', () => {
    queryClient.removeQueries({ queryKey: cartKeys.detail() });
    const actor = startLine();

    expect(api.calls).toEqual([]);
    actor.stop();
  });
});
