import { MutationObserver, QueryClient, type MutationObserverOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFakeApi,
  errorAnswer,
  type FakeApi,
  type Routes,
} from '../../tests/support/fake-api';
import { emptyCart } from '../../tests/fixtures/cart';
import { cartMutationKey, cartMutations } from './cart.mutations';
import { cartKeys } from './cart.queries';
import type { ApiError } from './api-error';
import { bindApi, createApiClient } from './client';
import type { Cart, CartItem } from './types';

const line: CartItem = {
  cartItemId: 7,
  productId: 3,
  productName: 'Flat White',
  productCategory: 'coffee_baverage',
  imageUrl: '/images/products/3.webp',
  price: 4,
  quantity: 1,
  stock: 20,
  lineTotal: 4,
};

/** The cart the server answers: one line of `quantity`, money following it. */
function cartOf(quantity: number, extra: Partial<Cart> = {}): Cart {
  const subtotal = 4 * quantity;
  return {
    ...emptyCart,
    cartId: 1,
    cartItems: [{ ...line, quantity, lineTotal: subtotal }],
    subtotal,
    total: subtotal,
    totalQuantity: quantity,
    ...extra,
  };
}

let api: FakeApi;
let queryClient: QueryClient;

beforeEach(() => {
  api = createFakeApi({
    'GET /api/v1/cart/promos': { availablePromos: [], unavailablePromos: [] },
  });
  queryClient = bindApi(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    createApiClient({ baseUrl: 'https://shop.example', fetch: api.fetch }),
  );
  queryClient.setQueryData(cartKeys.detail(), cartOf(1));
});

afterEach(() => queryClient.clear());

/** Runs one mutation outside React, as a view's useMutation or a machine's actor would. */
function run<TVariables>(
  options: MutationObserverOptions<Cart, ApiError, TVariables>,
  variables: TVariables,
): Promise<Cart> {
  return new MutationObserver(queryClient, options).mutate(variables);
}

const mutations = () => cartMutations(queryClient);

describe('cart mutations write the server answer into the cart cache', () => {
  it.each([
    [
      'addItem',
      'POST /api/v1/cart/items',
      () => run(mutations().addItem, { productId: 3, quantity: 2 }),
    ],
    [
      'updateItem',
      'PATCH /api/v1/cart/items/{cartItemId}',
      () => run(mutations().updateItem(7), 2),
    ],
    ['removeItem', 'DELETE /api/v1/cart/items/{cartItemId}', () => run(mutations().removeItem, 7)],
    [
      'setShipping',
      'PATCH /api/v1/cart/shipping/{methodId}',
      () => run(mutations().setShipping, 2),
    ],
    [
      'clearShipping',
      'POST /api/v1/cart/clearShip',
      () => run(mutations().clearShipping, undefined),
    ],
    ['applyPromo', 'PATCH /api/v1/cart/promo/{promoId}', () => run(mutations().applyPromo, 3)],
    [
      'applyPromoCode',
      'PATCH /api/v1/cart/promo-code',
      () => run(mutations().applyPromoCode, 'FREESHIP2'),
    ],
    ['clearPromo', 'DELETE /api/v1/cart/promo', () => run(mutations().clearPromo, undefined)],
    ['mergeGuest', 'POST /api/v1/cart/merge', () => run(mutations().mergeGuest, undefined)],
  ] as const)('%s (%s)', async (_, route, mutate) => {
    const answer = cartOf(2, { tax: 0.5 });
    api.on({ [route]: answer } as Routes);

    await mutate();

    expect(queryClient.getQueryData(cartKeys.detail())).toEqual(answer);
    // Written from the answer: the write was the only request (no refetch of the cart).
    expect(api.calls.map((call) => call.route)).toEqual([route]);
  });

  it('leaves the cart as it was when the server refuses', async () => {
    api.on({
      'POST /api/v1/cart/items': () => errorAnswer(409, 'OUT_OF_STOCK', 'Only 3 left in stock'),
    });

    await expect(run(mutations().addItem, { productId: 3, quantity: 5 })).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
    });

    expect(queryClient.getQueryData(cartKeys.detail())).toEqual(cartOf(1));
  });

  it('marks the promo lists stale, since what qualifies depends on the cart', async () => {
    queryClient.setQueryData(cartKeys.promos(), { availablePromos: [], unavailablePromos: [] });
    api.on({ 'PATCH /api/v1/cart/promo-code': cartOf(1) });

    await run(mutations().applyPromoCode, 'FREESHIP2');

    expect(queryClient.getQueryState(cartKeys.promos())?.isInvalidated).toBe(true);
  });
});

describe('the busy state and the line scope', () => {
  it('every cart write carries the one cart mutation key while it is out', async () => {
    let answer: (cart: Cart) => void = () => undefined;
    api.on({
      'DELETE /api/v1/cart/promo': () => new Promise<Cart>((resolve) => (answer = resolve)),
      'DELETE /api/v1/cart/items/{cartItemId}': cartOf(1),
    });

    const clearing = run(mutations().clearPromo, undefined);
    const removing = run(mutations().removeItem, 7);
    expect(queryClient.isMutating({ mutationKey: cartMutationKey })).toBe(2);
    await removing;
    answer(cartOf(1));
    await clearing;
    expect(queryClient.isMutating({ mutationKey: cartMutationKey })).toBe(0);
  });

  it("a line's second change waits for the first one's answer", async () => {
    const order: string[] = [];
    let answerFirst: (cart: Cart) => void = () => undefined;
    api.on({
      'PATCH /api/v1/cart/items/{cartItemId}': ({ body }) => {
        order.push(`sent ${body.quantity}`);
        if (body.quantity === 2) return new Promise<Cart>((resolve) => (answerFirst = resolve));
        return cartOf(body.quantity);
      },
    });

    const first = run(mutations().updateItem(7), 2);
    const second = run(mutations().updateItem(7), 3);
    await expect.poll(() => order).toEqual(['sent 2']);
    answerFirst(cartOf(2));
    await first;
    await second;

    expect(order).toEqual(['sent 2', 'sent 3']);
    expect(queryClient.getQueryData<Cart>(cartKeys.detail())?.cartItems[0]?.quantity).toBe(3);
  });
});
