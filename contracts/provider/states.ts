// Provider states of the storefront's pact, set up on the in-process reference API. Every state
// starts from a freshly seeded database; data the storefront itself creates (carts, orders,
// addresses) is made through the API, so a state exercises the same code a shopper does. The
// database is touched directly only for what no API call can do (a stock of 2, an expired token).
import type { IncomingMessage } from 'node:http';
import { signToken } from '../../server/src/auth';
import { createRelyingParty } from '../../server/src/oidc/relying-party';
import type { RunningServer } from '../../server/src/main';
import { DEMO_OWNER, DEMO_USER } from '../../server/src/seed-catalogue';
import { reseed } from '../../server/src/seed';
import { getUserByEmail } from '../../server/src/session';
import type { OrderRequest } from '../../src/api/types';
import { sampleAddress, sampleOrderRequest } from '../../tests/fixtures/checkout';
import { createTestApi, ok } from '../../tests/support/test-api';

type JsonMap = Record<string, string | number | boolean | null>;
type StateHandler = (params?: unknown) => Promise<JsonMap | undefined>;

const DAY_SECONDS = 24 * 60 * 60;

/** The order every "order" state places: the sample checkout, delivered to a suite. */
function orderBody(email: string, idempotencyKey: string): OrderRequest {
  return sampleOrderRequest({
    email,
    shippingAddress: { ...sampleAddress, apartment: 'Suite 4' },
    idempotencyKey,
  });
}

export interface ProviderStates {
  stateHandlers: Record<string, StateHandler>;
  /** The bearer token of the current state's user (undefined for a guest state). */
  currentBearer: () => string | undefined;
  /** Swaps the consumer's example bearer token for a real one of the current state's user. */
  requestFilter: (req: IncomingMessage, res: unknown, next: () => void) => void;
}

export function createProviderStates(server: RunningServer): ProviderStates {
  const { db, config } = server;
  const api = createTestApi(server.url);
  const SETUP = 'state set-up';
  /** The bearer token the next interaction's Authorization header is replaced with. */
  let bearer: string | undefined;

  function demoToken(issuedAt = new Date(), ttlSeconds = 30 * DAY_SECONDS): Promise<string> {
    return userToken(DEMO_USER.email, issuedAt, ttlSeconds);
  }

  async function userToken(
    email: string,
    issuedAt = new Date(),
    ttlSeconds = 30 * DAY_SECONDS,
  ): Promise<string> {
    const user = await getUserByEmail(db, email);
    if (!user) throw new Error(`state set-up: ${email} is missing after the seed`);
    return signToken(
      { sub: user.email, username: user.username, uid: user.id, ver: user.token_version },
      config.jwtSecret,
      issuedAt,
      ttlSeconds,
    );
  }

  /** Every state starts here: the seeded shop, the demo user signed in. */
  async function fresh(): Promise<string> {
    await reseed(db, new Date(), config.passwordHash);
    bearer = await demoToken();
    return bearer;
  }

  async function userCartWithProduct3(): Promise<{ token: string; cartItemId: number }> {
    const token = await fresh();
    const cart = await ok(
      api.as({ token }).POST('/api/v1/cart/items', { body: { productId: 3, quantity: 1 } }),
      SETUP,
    );
    const cartItemId = cart.cartItems[0]?.cartItemId;
    if (cartItemId === undefined) throw new Error('state set-up: the cart has no line');
    return { token, cartItemId };
  }

  async function guestCartWithProduct3(): Promise<string> {
    const cart = await ok(
      api.POST('/api/v1/cart/items', { body: { productId: 3, quantity: 1 } }),
      SETUP,
    );
    if (!cart.cartToken) throw new Error('state set-up: a guest cart came back without a token');
    return cart.cartToken;
  }

  async function userCardOrder(): Promise<{ orderId: number; clientSecret: string }> {
    const token = await fresh();
    const order = await ok(
      api.as({ token }).POST('/api/v1/order', {
        body: orderBody(DEMO_USER.email, 'provider-state-user-order'),
      }),
      SETUP,
    );
    if (!order.clientSecret)
      throw new Error('state set-up: a card order came back without a client secret');
    return { orderId: order.orderId, clientSecret: order.clientSecret };
  }

  const seeded: StateHandler = async () => {
    await fresh();
    return undefined;
  };

  const stateHandlers: Record<string, StateHandler> = {
    'products exist': seeded,
    'ship methods exist': seeded,
    // The reference API's default (COD_ENABLED unset).
    'the shop takes cash on delivery': seeded,
    'news items exist': seeded,
    'upcoming and past events exist': seeded,
    'spaces exist': seeded,
    'product 999 does not exist': async () => {
      await fresh();
      await db.run('DELETE FROM products WHERE id = 999');
      return undefined;
    },
    'a user demo@lumen.test exists with password coffee123': seeded,
    // Listing providers needs no provider to answer: the relying party discovers it at the
    // first sign-in, which no interaction makes (it is a browser navigation).
    'an OpenID provider is configured': async () => {
      config.oidc = createRelyingParty({
        issuer: 'https://id.example.test',
        clientId: 'lumen-storefront',
        clientSecret: 'not-used-by-the-listing',
        name: 'Lumen ID',
      });
      return undefined;
    },
    'no OpenID provider is configured': async () => {
      config.oidc = null;
      return undefined;
    },
    'no user uses the email new@lumen.test': async () => {
      await fresh();
      await db.run("DELETE FROM users WHERE email = 'new@lumen.test' COLLATE NOCASE");
      return undefined;
    },
    'the session token has expired': async () => {
      await fresh();
      // Issued 31 days ago with the 30-day lifetime: well-formed, correctly signed, expired.
      bearer = await demoToken(new Date(Date.now() - 31 * DAY_SECONDS * 1000));
      return undefined;
    },
    'the user has an address': async () => {
      await fresh();
      const user = await getUserByEmail(db, DEMO_USER.email);
      const row = await db.get<{ id: number }>(
        'SELECT id FROM addresses WHERE user_id = ? AND is_default = 1',
        [user?.id ?? 0],
      );
      if (!row) throw new Error('state set-up: the demo user has no default address');
      return { addressId: row.id };
    },
    'the user has two addresses': async () => {
      const token = await fresh();
      const created = await ok(
        api.as({ token }).POST('/api/v1/account/address', {
          body: {
            ...sampleAddress,
            apartment: 'Suite 4',
            city: 'Ottawa',
            postalCode: 'K1P 1J1',
            street: '1 Wellington Street',
            phoneNumber: '16135550100',
          },
        }),
        SETUP,
      );
      return { addressId: created.addressId };
    },
    'the user has placed an order': async () => {
      const { orderId } = await userCardOrder();
      return { orderId };
    },
    'the user has a cart with product 3': async () => {
      const { cartItemId } = await userCartWithProduct3();
      return { cartItemId };
    },
    'the user has a cart with product 3 shipped with method 2': async () => {
      const { token, cartItemId } = await userCartWithProduct3();
      await ok(
        api.as({ token }).PATCH('/api/v1/cart/shipping/{methodId}', {
          params: { path: { methodId: 2 } },
        }),
        SETUP,
      );
      return { cartItemId };
    },
    'the user has a cart with product 3 and promo FREESHIP2': async () => {
      const { token, cartItemId } = await userCartWithProduct3();
      await ok(
        api.as({ token }).PATCH('/api/v1/cart/promo-code', { body: { code: 'FREESHIP2' } }),
        SETUP,
      );
      return { cartItemId };
    },
    'a guest cart with product 3 exists': async () => {
      await fresh();
      return { cartToken: await guestCartWithProduct3() };
    },
    'a guest cart with product 3 exists and the user demo@lumen.test has no cart': async () => {
      await fresh();
      return { cartToken: await guestCartWithProduct3() };
    },
    'product 3 has only 2 in stock': async () => {
      await fresh();
      await db.run('UPDATE products SET quantity = 2 WHERE id = 3');
      return undefined;
    },
    'the user has a card order awaiting payment': async () => userCardOrder(),
    'the user has a card order whose payment succeeded': async () => {
      const { orderId, clientSecret } = await userCardOrder();
      // Paid as the browser's sandbox Stripe.js pays: a confirm at the Stripe stand-in, whose
      // signed webhook then makes the order PAID.
      if ((await payAtStandIn(clientSecret, '4242424242424242')) !== 'succeeded') {
        throw new Error('state set-up: the 4242 card did not succeed');
      }
      return { orderId, clientSecret };
    },
    // Issue 30, ADR-0058: Pay now from another device pays it again.
    'the user has a card order whose card was declined': async () => {
      const placed = await userCardOrder();
      await payAtStandIn(placed.clientSecret, '4000000000000002');
      return placed;
    },
    'a guest card order whose card was declined': async () => {
      const placed = await guestCardOrder();
      await payAtStandIn(placed.clientSecret, '4000000000000002');
      return placed;
    },
    'a guest card order exists': async () => guestCardOrder(),
    // Issue 28: the shop owner (seeded, role OWNER) moves a guest's cash-on-delivery order on.
    'a cash-on-delivery order exists and the shop owner has signed in': async () => {
      await fresh();
      const order = await ok(
        api.POST('/api/v1/order', {
          body: {
            ...orderBody('guest@lumen.test', 'provider-state-cod-order'),
            paymentMethod: 'cod',
          },
        }),
        SETUP,
      );
      bearer = await userToken(DEMO_OWNER.email);
      return { orderId: order.orderId };
    },
    // Issue 30: the guest then signs in as the demo user, in the same browser.
    'a guest card order exists and the user demo@lumen.test has signed in': async () => {
      const placed = await guestCardOrder();
      bearer = await demoToken();
      return placed;
    },
  };

  /** A guest card order, placed through the API. */
  async function guestCardOrder() {
    await fresh();
    bearer = undefined;
    const order = await ok(
      api.POST('/api/v1/order', {
        body: orderBody('guest@lumen.test', 'provider-state-guest-order'),
      }),
      SETUP,
    );
    if (!order.orderToken || !order.clientSecret) {
      throw new Error('state set-up: a guest card order came back without its tokens');
    }
    return {
      orderId: order.orderId,
      orderToken: order.orderToken,
      clientSecret: order.clientSecret,
    };
  }

  /** Pays at the Stripe stand-in as the browser's sandbox Stripe.js does; answers the intent's status. */
  async function payAtStandIn(clientSecret: string, number: string): Promise<string | undefined> {
    const confirmed = await fetch(
      `${server.url}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: 'pk_test_sandbox',
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': number,
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': '2030',
          'payment_method_data[card][cvc]': '123',
        }).toString(),
      },
    );
    const intent = (await confirmed.json()) as { status?: string };
    // Its webhook event has reached the API before the interaction is replayed.
    await server.config.stripeStandIn?.idle();
    return intent.status;
  }

  const requestFilter: ProviderStates['requestFilter'] = (req, _res, next) => {
    if (req.headers.authorization !== undefined && bearer) {
      req.headers.authorization = `Bearer ${bearer}`;
    }
    next();
  };

  return { stateHandlers, requestFilter, currentBearer: () => bearer };
}
