// Shared pieces of the model-based tests: controlled actor fakes, the cart and ship methods the
// views read, and an API client that answers without a network.
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { cartKeys } from '../../src/api/cart.queries';
import { bindApi, createApiClient } from '../../src/api/client';
import { paymentMethodKeys } from '../../src/api/payment.queries';
import { shipMethodKeys } from '../../src/api/products.queries';
import type { Cart, PaymentMethods, ShipMethod } from '../../src/api/types';
import { emptyCart } from '../fixtures/cart';

export const modelCart: Cart = {
  ...emptyCart,
  cartId: 1,
  cartToken: 'guest-cart',
  cartItems: [
    {
      cartItemId: 1,
      productId: 3,
      productName: 'cappucino',
      productCategory: 'coffee_baverage',
      imageUrl: null,
      price: 5,
      quantity: 2,
      stock: 20,
      lineTotal: 10,
    },
  ],
  subtotal: 10,
  tax: 1,
  shipping: 3.99,
  total: 14.99,
  totalQuantity: 2,
};

export const modelShipMethods: ShipMethod[] = [
  {
    methodId: 1,
    methodName: 'Free Shipping',
    code: 'F',
    expectedArrival: '7 - 10 Business Days',
    price: 0,
  },
  {
    methodId: 2,
    methodName: 'Standard Shipping',
    code: 'S',
    expectedArrival: '4 - 6 Business Days',
    price: 3.99,
  },
];

/**
 * A query client already holding the cart, the ship methods and the payment methods (a shop that
 * takes cash on delivery; no request is made for them),
 * born with an API client whose requests `fetch` answers (by default: every call, the cart).
 */
export function seededQueryClient(
  fetch: (request: Request) => Promise<Response> = answerEveryCallWithTheCart,
): QueryClient {
  const client = bindApi(
    new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
    }),
    createApiClient({ baseUrl: 'http://shop.test', fetch }),
  );
  client.setQueryData(cartKeys.detail(), modelCart);
  client.setQueryData(shipMethodKeys.all, modelShipMethods);
  client.setQueryData<PaymentMethods>(paymentMethodKeys.all, {
    card: true,
    paypal: false,
    cod: true,
  });
  return client;
}

/** Every API call answers the model cart (the clear-shipping and cart refresh effects). */
async function answerEveryCallWithTheCart(): Promise<Response> {
  return new Response(JSON.stringify(modelCart), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * fromPromise actors whose promises the test settles, one step of a generated path at a time
 * (stack.md §4): the model says "createOrder is done with this output", the test makes it so.
 */
export function controlledActors() {
  const pending = new Map<string, Deferred[]>();
  const calls = new Map<string, unknown[]>();
  function actor<TOutput, TInput>(name: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          calls.set(name, [...(calls.get(name) ?? []), input]);
          const deferred: Deferred = { resolve: resolve as (value: unknown) => void, reject };
          pending.set(name, [...(pending.get(name) ?? []), deferred]);
          // A stopped actor (its state left, or re-entered) waits for nothing any more.
          signal.addEventListener('abort', () => {
            pending.set(
              name,
              (pending.get(name) ?? []).filter((entry) => entry !== deferred),
            );
          });
        }),
    );
  }
  async function take(name: string): Promise<Deferred> {
    await waitFor(() => {
      if (!pending.get(name)?.length) throw new Error(`${name} was not started`);
    });
    const [first, ...rest] = pending.get(name) ?? [];
    pending.set(name, rest);
    if (!first) throw new Error(`${name} was not started`);
    return first;
  }
  return {
    actor,
    calls: (name: string) => calls.get(name) ?? [],
    settle: async (name: string, output: unknown) => (await take(name)).resolve(output),
    fail: async (name: string, error: unknown) => (await take(name)).reject(error),
  };
}
