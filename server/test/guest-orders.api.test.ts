// Issue 30, ADR-0055: a guest's orders join the account that signs in or up in the same browser,
// proven by their order tokens; email alone joins nothing.
import { describe, expect, it } from 'vitest';
import { orderBody, payWithCard, signup, testServerForSuite, type Schemas } from './test-server';

const server = testServerForSuite();

type OrderResponse = Schemas['OrderResponse'];
type Claimed = Schemas['ClaimedGuestOrders'];

/** A guest order by `email`; paid by card when asked, else cash on delivery. */
async function guestOrder(
  email: string,
  how: 'card' | 'cod' = 'cod',
): Promise<{ id: number; token: string }> {
  const res = await server.api<OrderResponse>('POST', '/order', {
    body: orderBody([{ productId: 3, quantity: 2 }], { email, paymentMethod: how }),
  });
  expect(res.status).toBe(201);
  if (how === 'card') await payWithCard(server, res.body.clientSecret ?? '');
  return { id: res.body.orderId, token: res.body.orderToken ?? '' };
}

function claim(token: string | null, orderTokens: string[]) {
  return server.api<Claimed>('POST', '/orders/claim', {
    ...(token ? { token } : {}),
    body: { orderTokens },
  });
}

async function historyOf(token: string): Promise<Schemas['AccountOrder'][]> {
  return (await server.api<Schemas['AccountOrder'][]>('GET', '/account/orders', { token })).body;
}

describe('guest orders join the account by their tokens', () => {
  it('joins the orders whose tokens are presented, intact, and they show in order history', async () => {
    const shopper = await signup(server.api, 'claimer');
    const paid = await guestOrder(shopper.email, 'card');
    // Typed another email at checkout than the account's: the token is the proof (ADR-0055).
    const cod = await guestOrder('work-address@lumen.test');
    const before = await server.api<Schemas['OrderDetail']>('GET', `/order/${paid.id}`, {
      orderToken: paid.token,
    });
    expect(before.body).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(await historyOf(shopper.token)).toEqual([]);

    const res = await claim(shopper.token, [paid.token, cod.token]);
    expect(res.status).toBe(200);
    expect(res.body.orderIds).toEqual([paid.id, cod.id].sort((a, b) => a - b));

    const history = await historyOf(shopper.token);
    expect(history.map((o) => o.orderId).sort((a, b) => a - b)).toEqual(res.body.orderIds);
    expect(history.find((o) => o.orderId === paid.id)).toMatchObject({
      status: 'PAID',
      amount: before.body.totalAmount,
      items: 1,
      paymentMethod: 'card',
    });
    expect(history.find((o) => o.orderId === cod.id)).toMatchObject({
      status: 'PENDING',
      paymentMethod: 'cod',
    });
    // Read now as the owner, with everything as it was: status, totals, items, payment state.
    const after = await server.api<Schemas['OrderDetail']>('GET', `/order/${paid.id}`, {
      token: shopper.token,
    });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('repeating the claim is harmless and answers the same', async () => {
    const shopper = await signup(server.api, 'repeater');
    const order = await guestOrder(shopper.email);
    const first = await claim(shopper.token, [order.token]);
    const again = await claim(shopper.token, [order.token, order.token]);
    expect(first.body.orderIds).toEqual([order.id]);
    expect(again.status).toBe(200);
    expect(again.body.orderIds).toEqual([order.id]);
    expect((await historyOf(shopper.token)).map((o) => o.orderId)).toEqual([order.id]);
  });

  it('a wrong token, an unknown one and a guest caller join nothing, alike', async () => {
    const shopper = await signup(server.api, 'guesser');
    const order = await guestOrder(shopper.email);
    const wrong = await claim(shopper.token, [`${order.token}x`, 'ot_unknown', ' ']);
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ orderIds: [] });
    const guest = await claim(null, [order.token]);
    expect(guest.status).toBe(401);
    expect(await historyOf(shopper.token)).toEqual([]);
    // The order is still the guest's to claim.
    expect((await claim(shopper.token, [order.token])).body.orderIds).toEqual([order.id]);
  });

  it("email alone is not enough: a stranger who registers the guest's email claims nothing", async () => {
    const guestEmail = `victim-${Date.now()}@lumen.test`;
    const order = await guestOrder(guestEmail);
    // The stranger has no token; registering the guest's email gives none.
    const res = await server.api<{ token: string }>('POST', '/auth/signup', {
      body: { username: 'stranger-same-mail', email: guestEmail, password: 'secret123' },
    });
    expect(res.status).toBe(201);
    expect(await historyOf(res.body.token)).toEqual([]);
    expect((await claim(res.body.token, ['ot_guess'])).body.orderIds).toEqual([]);
    expect((await server.api('GET', `/order/${order.id}`, { token: res.body.token })).status).toBe(
      404,
    );
  });

  it('an order already in another account stays there: it is left out like a wrong token', async () => {
    const owner = await signup(server.api, 'owner');
    const other = await signup(server.api, 'latecomer');
    const order = await guestOrder(owner.email);
    expect((await claim(owner.token, [order.token])).body.orderIds).toEqual([order.id]);
    const late = await claim(other.token, [order.token]);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ orderIds: [] });
    expect(await historyOf(other.token)).toEqual([]);
    expect((await historyOf(owner.token)).map((o) => o.orderId)).toEqual([order.id]);
    expect((await server.api('GET', `/order/${order.id}`, { token: other.token })).status).toBe(
      404,
    );
  });

  it('a signed-in order has no token and cannot be taken', async () => {
    const owner = await signup(server.api, 'signed');
    const res = await server.api<OrderResponse>('POST', '/order', {
      token: owner.token,
      body: orderBody([{ productId: 3, quantity: 1 }], { paymentMethod: 'cod' }),
    });
    expect(res.body.orderToken).toBeNull();
    const other = await signup(server.api, 'taker');
    expect((await claim(other.token, ['null', ''])).status).toBe(400);
    expect((await claim(other.token, ['null'])).body.orderIds).toEqual([]);
  });

  it('is bounded: at most 20 tokens of at most 200 characters, and calls per account', async () => {
    const shopper = await signup(server.api, 'bounded');
    const many = Array.from({ length: 21 }, (_, i) => `ot_${i}`);
    expect((await claim(shopper.token, many)).status).toBe(400);
    expect((await claim(shopper.token, ['x'.repeat(201)])).status).toBe(400);
    expect((await claim(shopper.token, [])).status).toBe(400);
    // Two calls above were refused by validation before counting; twenty count, then 429.
    for (let i = 0; i < 20; i += 1) {
      expect((await claim(shopper.token, ['ot_nothing'])).status).toBe(200);
    }
    const throttled = await claim(shopper.token, ['ot_nothing']);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another account is not held back by this one.
    const other = await signup(server.api, 'unbounded');
    expect((await claim(other.token, ['ot_nothing'])).status).toBe(200);
  });
});
