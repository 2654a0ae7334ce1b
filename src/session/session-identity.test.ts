import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { accountQueries } from '../api/account.queries';
import { cartQueries } from '../api/cart.queries';
import { bindApi, createApiClient } from '../api/client';
import type { AccountOrder, Cart } from '../api/types';
import { guestOrderTokens, rememberOrderToken } from '../payment/order-tokens';
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

// Issue 30: after sign-in or sign-up, the orders this browser placed as a guest join the account
// (proven by their order tokens, ADR-0055), and order history is read once, with them.
const guestOrder: AccountOrder = {
  orderId: 41,
  status: 'PAID',
  createdAt: '2026-11-27T10:00:00.000Z',
  items: 1,
  amount: 14.99,
  paymentMethod: 'card',
};

/** The server: the token `ot_mine` is order 41's; any other joins nothing. */
function claimsApi({ failClaim = false } = {}) {
  const claimed = new Set<number>();
  const claims: string[][] = [];
  const api = createFakeApi({
    'POST /api/v1/cart/merge': () => errorAnswer(404, 'NOT_FOUND', 'No guest cart'),
    'POST /api/v1/orders/claim': (call) => {
      claims.push([...call.body.orderTokens]);
      if (!call.headers.has('Authorization')) return errorAnswer(401, 'UNAUTHORIZED', 'No.');
      if (failClaim) return errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Try again.');
      if (call.body.orderTokens.includes('ot_mine')) claimed.add(41);
      return { orderIds: [...claimed] };
    },
    'GET /api/v1/account/orders': () => (claimed.has(41) ? [guestOrder] : []),
  });
  return { fetch: api.fetch, claims, calls: api.calls };
}

function bootForClaims(api: ReturnType<typeof claimsApi>) {
  const queryClient = bindApi(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    createApiClient({ baseUrl: API, fetch: api.fetch, getToken: () => session.token() }),
  );
  const session = bootSession({ queryClient });
  handle = session;
  return { queryClient, session };
}

describe("a guest's orders join the account on sign-in", () => {
  it('claims with every token this browser holds, forgets the joined ones, and history shows the order', async () => {
    rememberOrderToken(41, 'ot_mine');
    rememberOrderToken(42, 'ot_someone-elses');
    const api = claimsApi();
    const { queryClient, session } = bootForClaims(api);
    const history = new QueryObserver(queryClient, accountQueries.orders());
    unsubscribes.push(history.subscribe(() => undefined));

    const actor = await session.load();
    actor.send({ type: 'session.signIn', token: sessionJwt(), remember: true });

    await until(() => actor.getSnapshot().matches({ signedIn: 'active' }));
    await until(
      () => history.getCurrentResult().isSuccess && !history.getCurrentResult().isFetching,
    );
    expect(api.claims).toEqual([['ot_mine', 'ot_someone-elses']]);
    expect(history.getCurrentResult().data).toEqual([guestOrder]);
    // History was asked once, after the claim: never "Nothing to display" first.
    const asUser = api.calls.filter(
      (c) => c.path === '/api/v1/account/orders' && c.headers.has('Authorization'),
    );
    expect(asUser).toHaveLength(1);
    expect(guestOrderTokens()).toEqual([{ orderId: 42, orderToken: 'ot_someone-elses' }]);
  });

  it('with no guest order held, asks nothing', async () => {
    const api = claimsApi();
    const { session } = bootForClaims(api);
    const actor = await session.load();
    actor.send({ type: 'session.signIn', token: sessionJwt(), remember: true });
    await until(() => actor.getSnapshot().matches({ signedIn: 'active' }));
    expect(api.claims).toEqual([]);
  });

  it('a failed claim keeps the tokens for the next sign-in, and the session goes on', async () => {
    rememberOrderToken(41, 'ot_mine');
    const api = claimsApi({ failClaim: true });
    const { session } = bootForClaims(api);
    const actor = await session.load();
    actor.send({ type: 'session.signIn', token: sessionJwt(), remember: true });
    await until(() => actor.getSnapshot().matches({ signedIn: 'active' }));
    expect(api.claims).toEqual([['ot_mine']]);
    expect(guestOrderTokens()).toEqual([{ orderId: 41, orderToken: 'ot_mine' }]);
  });
});
