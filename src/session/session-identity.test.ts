import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { accountQueries } from '../api/account.queries';
import { cartQueries } from '../api/cart.queries';
import { bindApi, createApiClient } from '../api/client';
import type { Cart } from '../api/types';
import { sessionJwt } from '../../tests/fixtures/jwt';
import { createFakeApi, errorAnswer, type FakeCall } from '../../tests/support/fake-api';
import { bootSession, type SessionHandle } from './session-handle';
import { SESSION_CHANNEL } from './session-protocol';
import { TOKEN_STORAGE_KEY } from './session-storage';

// Defect 1 of issue 16: a query whose answer depends on who the shopper is must be asked as
// whoever the session settles on, and asked again whenever that changes. Real session handle,
// real session actor, real query client; only the network is a fake that answers per identity.

const API = 'http://shop.test';
let handle: SessionHandle | undefined;
const unsubscribes: (() => void)[] = [];
const channels: BroadcastChannel[] = [];

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  for (const channel of channels.splice(0)) channel.close();
  handle?.stop();
  handle = undefined;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

function cartOf(owner: string, quantity: number): Cart {
  const money = 5 * quantity;
  return {
    cartId: owner === 'guest' ? 1 : 2,
    cartToken: owner === 'guest' ? 'guest-cart' : null,
    cartItems:
      quantity === 0
        ? []
        : [
            {
              cartItemId: 10,
              productId: 1,
              productName: `coffee for ${owner}`,
              productCategory: 'coffee_baverage',
              imageUrl: null,
              price: 5,
              quantity,
              stock: 20,
              lineTotal: money,
            },
          ],
    shipMethod: null,
    promo: null,
    promoValidation: null,
    subtotal: money,
    tax: 0,
    shipping: 0,
    discount: 0,
    total: money,
    totalQuantity: quantity,
  };
}

/**
 * The API at the fetch seam (tests/support/fake-api.ts), answering per identity: the signed-in
 * user's cart holds 2 items (3 once the guest cart has joined it), a guest's none; the account
 * answers the user, and a guest 401. Each answer takes 5 ms, as a network would.
 */
function fakeApi() {
  let merged = false;
  const authorized = (call: FakeCall) => call.headers.has('Authorization');
  const later = () => new Promise((resolve) => setTimeout(resolve, 5));
  const api = createFakeApi({
    'POST /api/v1/cart/merge': async () => {
      await later();
      merged = true;
      return cartOf('user', 3);
    },
    'GET /api/v1/cart': async (call) => {
      await later();
      return authorized(call) ? cartOf('user', merged ? 3 : 2) : cartOf('guest', 0);
    },
    'GET /api/v1/account/user': async (call) => {
      await later();
      return authorized(call)
        ? { userId: 1, username: 'demo-shopper', email: 'demo@lumen.test', phone: null }
        : errorAnswer(401, 'UNAUTHORIZED', 'Sign in again.');
    },
  });
  return {
    fetch: api.fetch,
    /** Every request so far: its path, and whether it carried the session's token. */
    get requests() {
      return api.calls.map((call) => ({ path: call.path, authorized: authorized(call) }));
    },
  };
}

function boot(api: ReturnType<typeof fakeApi>) {
  const queryClient = bindApi(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    createApiClient({
      baseUrl: API,
      fetch: api.fetch,
      getToken: () => session.token(),
      onUnauthorized: () => session.unauthorized(),
    }),
  );
  const session = bootSession({ queryClient });
  handle = session;
  return { queryClient, session };
}

/** A screen showing the cart: an observer, as useQuery would make. */
function watchCart(queryClient: QueryClient) {
  const observer = new QueryObserver(queryClient, cartQueries.detail());
  unsubscribes.push(observer.subscribe(() => undefined));
  return observer;
}

async function until(condition: () => boolean, timeoutMs = 3000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('identity-dependent reads follow the session', () => {
  it('restore: a reload of a signed-in shopper shows their cart, never a guest one', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, sessionJwt());
    const api = fakeApi();
    const { queryClient } = boot(api);

    const cart = watchCart(queryClient);

    await until(() => cart.getCurrentResult().data?.totalQuantity === 2);
    // The cart was never asked for without the session's token.
    expect(api.requests.filter((r) => r.path === '/api/v1/cart')).toEqual([
      { path: '/api/v1/cart', authorized: true },
    ]);
  });

  it('sign-in (and sign-up): after the guest cart merge, the cart shown is the merged one', async () => {
    const api = fakeApi();
    const { queryClient, session } = boot(api);
    const cart = watchCart(queryClient);
    await until(() => cart.getCurrentResult().isSuccess);
    expect(cart.getCurrentResult().data?.totalQuantity).toBe(0);

    const actor = await session.load();
    actor.send({ type: 'session.signIn', token: sessionJwt(), remember: false });

    await until(() => cart.getCurrentResult().data?.totalQuantity === 3);
    await until(() => actor.getSnapshot().matches({ signedIn: 'active' }));
    await until(() => !cart.getCurrentResult().isFetching);
    expect(cart.getCurrentResult().data?.totalQuantity).toBe(3);
  });

  it('sign-out and a sign-out in another tab: the cart and account are asked again as a guest', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, sessionJwt());
    const api = fakeApi();
    const { queryClient, session } = boot(api);
    const cart = watchCart(queryClient);
    const user = new QueryObserver(queryClient, accountQueries.user());
    unsubscribes.push(user.subscribe(() => undefined));
    await until(() => cart.getCurrentResult().data?.totalQuantity === 2);
    await until(() => user.getCurrentResult().isSuccess);

    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    channels.push(otherTab);
    otherTab.postMessage({ kind: 'signedOut' });

    await until(() => session.token() === null);
    await until(() => cart.getCurrentResult().data?.totalQuantity === 0);
    // The account's answer belongs to the previous identity: it is gone, not shown.
    expect(user.getCurrentResult().data).toBeUndefined();
  });

  it('expiry (a 401): the previous shopper’s cart disappears and a guest cart is fetched', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, sessionJwt());
    const api = fakeApi();
    const { queryClient, session } = boot(api);
    const cart = watchCart(queryClient);
    await until(() => cart.getCurrentResult().data?.totalQuantity === 2);

    session.unauthorized();

    await until(() => cart.getCurrentResult().data?.totalQuantity === 0);
    expect(api.requests.at(-1)).toEqual({ path: '/api/v1/cart', authorized: false });
  });
});
