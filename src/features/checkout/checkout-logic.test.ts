import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { bindApi, createApiClient } from '../../api/client';
import { cartMutationKey } from '../../api/cart.mutations';
import { cartKeys } from '../../api/cart.queries';
import type { Cart } from '../../api/types';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { emptyCart } from '../../../tests/fixtures/cart';
import { sampleCheckoutDetails } from '../../../tests/fixtures/checkout';
import { cartNewsActor, provideCheckoutMachine } from './checkout-logic';

const line: Cart['cartItems'][number] = {
  cartItemId: 1,
  productId: 3,
  productName: 'cappucino',
  productCategory: 'coffee_baverage',
  imageUrl: null,
  price: 5,
  quantity: 2,
  stock: 20,
  lineTotal: 10,
};

/** The real cart actor over a query client, run by the checkout machine: no React involved. */
function start(cart: Cart | undefined) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } },
  });
  if (cart) client.setQueryData(cartKeys.detail(), cart);
  const machine = checkoutMachine.provide({ actors: { cart: cartNewsActor(client) } });
  const actor = createActor(machine).start();
  return { actor, client };
}

describe('cartNewsActor: the checkout machine watches the cart query itself', () => {
  it('starts from the cached cart, then follows what the cache holds', () => {
    const { actor, client } = start({ ...emptyCart, cartItems: [line] });
    expect(actor.getSnapshot().value).toBe('enteringDetails');

    // Emptied elsewhere (another tab, a refetch): the empty state.
    client.setQueryData(cartKeys.detail(), emptyCart);
    expect(actor.getSnapshot().value).toBe('emptyCart');

    // Filled again, with a ship method chosen in another tab.
    client.setQueryData(cartKeys.detail(), {
      ...emptyCart,
      cartItems: [line],
      shipMethod: { methodId: 2 } as Cart['shipMethod'],
    });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    expect(actor.getSnapshot().context.cartShipMethodId).toBe(2);
    actor.stop();
  });

  it('waits while no cart is cached, and stops watching with the checkout', () => {
    const { actor, client } = start(undefined);
    expect(actor.getSnapshot().value).toBe('loadingCart');
    client.setQueryData(cartKeys.detail(), { ...emptyCart, cartItems: [line] });
    expect(actor.getSnapshot().value).toBe('enteringDetails');
    actor.stop();
    // The observer is gone: nothing watches the cart query any more.
    expect(client.getQueryCache().find({ queryKey: cartKeys.detail() })?.getObserversCount()).toBe(
      0,
    );
  });
});

describe('checkout shipping writes', () => {
  it('go through the cart mutations: the cart counts as busy, and the answer is cached', async () => {
    const answers: ((cart: Cart) => void)[] = [];
    const requests: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://shop.test',
      fetch: (request: Request) => {
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return new Promise<Response>((resolve) =>
          answers.push((cart) => resolve(Response.json(cart))),
        );
      },
    });
    const client = bindApi(
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } },
      }),
      api,
    );
    client.setQueryData(cartKeys.detail(), { ...emptyCart, cartItems: [line] });
    const machine = provideCheckoutMachine({
      queryClient: client,
      close: vi.fn(),
      showConfirmation: vi.fn(),
    });
    const actor = createActor(machine).start();
    // Step 1 opens with the default method, stored on the cart.
    actor.send({ type: 'checkout.detailsSubmitted', details: sampleCheckoutDetails });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(client.isMutating({ mutationKey: cartMutationKey })).toBe(1);

    const stored = {
      ...emptyCart,
      cartItems: [line],
      shipMethod: { methodId: 1 } as Cart['shipMethod'],
    };
    answers[0]?.(stored);
    await waitFor(actor, (snapshot) => snapshot.matches({ choosingShipping: 'idle' }));
    expect(client.isMutating({ mutationKey: cartMutationKey })).toBe(0);
    expect(client.getQueryData(cartKeys.detail())).toEqual(stored);
    expect(requests).toHaveLength(1);
    actor.stop();
  });
});
