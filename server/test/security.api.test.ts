// The security items of issue 9. Each test failed on the code before its fix.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, OWASP_SCRYPT, signToken } from '../src/auth';
import { startServer } from '../src/main';
import {
  apiClient,
  CARD_DECLINED,
  CARD_OK,
  DEMO,
  login,
  orderBody,
  payWithCard,
  signup,
  startTestServer,
  testServerForSuite,
  TEST_PASSWORD_HASH,
  type ApiAnswer,
  type Schemas,
  type TestServer,
  manualClock,
} from './test-server';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// The secret the repository used to sign with when JWT_SECRET was unset.
const OLD_REPOSITORY_SECRET = 'lumen-roastery-dev-secret-change-me-0123456789';

type OrderResponse = Schemas['OrderResponse'];

async function stockOf(server: TestServer, productId: number): Promise<number> {
  const res = await server.api<Schemas['Product']>('GET', `/products/detail/${productId}`);
  return res.body.quantity;
}

describe('security', () => {
  const server = testServerForSuite();

  // The identity provider's checks (state, nonce, PKCE, return address): oidc.api.test.ts.

  it('generates a random JWT secret beside the database (owner-only) and reuses it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-secret-'));
    const dbFile = join(dir, 'shop.sqlite');
    const options = {
      port: 0,
      distDir: null,
      logger: { info: () => undefined, error: () => undefined },
      passwordHashParams: TEST_PASSWORD_HASH,
    };
    try {
      const first = await startServer({ ...options, dbFile });
      const secretFile = `${dbFile}.jwt-secret`;
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(secretFile, 'utf8').trim().length).toBeGreaterThanOrEqual(43);
      const token = await login(apiClient(first.url));
      const forged = signToken(
        { sub: DEMO.email, username: 'demo', uid: 1, ver: 0 },
        OLD_REPOSITORY_SECRET,
        new Date(),
      );
      const refused = await fetch(`${first.url}/api/v1/account/user`, {
        headers: { Authorization: `Bearer ${forged}` },
      });
      expect(refused.status).toBe(401);
      await first.close();
      const second = await startServer({ ...options, dbFile });
      const still = await fetch(`${second.url}/api/v1/account/user`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(still.status).toBe(200);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('stock reservation of unpaid card orders', () => {
    let clocked: TestServer;
    const clock = manualClock();
    beforeAll(async () => {
      clocked = await startTestServer({ now: clock.now, stockReservationMinutes: 30 });
    });
    afterAll(async () => {
      expect(clocked.violations).toEqual([]);
      expect(clocked.errors).toEqual([]);
      await clocked.dispose();
    });

    it('cancels an order still unpaid when the reservation lapses, and returns its stock', async () => {
      const before = await stockOf(clocked, 7);
      const order = await clocked.api<OrderResponse>('POST', '/order', {
        body: orderBody([{ productId: 7, quantity: 2 }]),
      });
      expect(order.status).toBe(201);
      expect(await stockOf(clocked, 7)).toBe(before - 2);
      // The shopper never pays: the units stay held until the reservation lapses.
      clock.advance(29 * MINUTE);
      expect(await stockOf(clocked, 7)).toBe(before - 2);
      clock.advance(2 * MINUTE);
      expect(await stockOf(clocked, 7)).toBe(before);
      const orderToken = order.body.orderToken ?? '';
      const detail = await clocked.api<Schemas['OrderDetail']>(
        'GET',
        `/order/${order.body.orderId}`,
        { orderToken },
      );
      expect(detail.body.status).toBe('CANCELLED');
      // The lapse cancelled the PaymentIntent at Stripe first: it can no longer be paid.
      const pay = await payWithCard(clocked, order.body.clientSecret ?? '', CARD_OK);
      expect(pay.status).toBe(400);
      expect(pay.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
      const paid = await clocked.api('PATCH', `/order/${order.body.orderId}/status`, {
        orderToken,
        body: { status: 'PAID' },
      });
      expect(paid.status).toBe(409);
    });

    it('a retry after a decline within the window pays the same order, which keeps its stock', async () => {
      const before = await stockOf(clocked, 24);
      const order = await clocked.api<OrderResponse>('POST', '/order', {
        body: orderBody([{ productId: 24, quantity: 1 }]),
      });
      const orderToken = order.body.orderToken ?? '';
      const secret = order.body.clientSecret ?? '';
      await payWithCard(clocked, secret, CARD_DECLINED);
      const failed = await clocked.api('PATCH', `/order/${order.body.orderId}/status`, {
        orderToken,
        body: { status: 'PAYMENT_FAILED' },
      });
      expect(failed.status).toBe(200);
      clock.advance(25 * MINUTE);
      await payWithCard(clocked, secret, CARD_OK);
      const paid = await clocked.api<OrderResponse>(
        'PATCH',
        `/order/${order.body.orderId}/status`,
        {
          orderToken,
          body: { status: 'PAID' },
        },
      );
      expect(paid.body.status).toBe('PAID');
      clock.advance(60 * MINUTE);
      expect(await stockOf(clocked, 24)).toBe(before - 1);
    });
  });

  describe('idempotency keys', () => {
    it('refuses the same key with a different request (409)', async () => {
      const user = await signup(server.api);
      const body = orderBody([{ productId: 9, quantity: 1 }]);
      const first = await server.api('POST', '/order', { token: user.token, body });
      expect(first.status).toBe(201);
      const other = await server.api('POST', '/order', {
        token: user.token,
        body: {
          ...orderBody([{ productId: 10, quantity: 1 }]),
          idempotencyKey: body.idempotencyKey,
        },
      });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      expect(other.text).not.toContain('secret');
    });

    it("a guest's key belongs to its cart: replaying its email and key reveals nothing", async () => {
      const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
        body: { productId: 11, quantity: 1 },
      });
      const cartToken = cart.body.cartToken ?? '';
      const body = orderBody([{ productId: 11, quantity: 1 }], { email: 'victim@lumen.test' });
      const first = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
      expect(first.status).toBe(201);
      const again = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
      expect(again.status).toBe(200);
      expect(again.body.orderId).toBe(first.body.orderId);
      // Another caller (no cart token) with the victim's email and key gets its own answer,
      // never the victim's order token or payment secret.
      const anonymous = {
        ...orderBody([{ productId: 12, quantity: 1 }]),
        email: 'victim@lumen.test',
        idempotencyKey: body.idempotencyKey,
      };
      const replay = await server.api<OrderResponse>('POST', '/order', { body: anonymous });
      expect(replay.status).toBe(201);
      expect(replay.body.orderId).not.toBe(first.body.orderId);
      expect(replay.text).not.toContain(first.body.orderToken ?? 'none');
      expect(replay.text).not.toContain(first.body.clientSecret ?? 'none');
      // and the same key twice from nobody in particular is refused rather than answered
      const twice = await server.api('POST', '/order', { body: anonymous });
      expect(twice.status).toBe(409);
      expect(twice.text).not.toContain(replay.body.orderToken ?? 'none');
    });
  });

  it('answers deeply nested and oversized JSON with a 4xx in the error shape', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const valid = JSON.stringify(orderBody([{ productId: 3, quantity: 1 }]));
    const bodies = [
      // an unknown property is allowed by the schema, so only its depth can refuse it
      valid.replace('{', `{"extra":${deep(5_000)},`),
      valid.replace('"shippingAddress":{', `"shippingAddress":{"x":${deep(20_000)},`),
      `{"items":${deep(20_000)}}`,
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      JSON.stringify({
        ...orderBody([]),
        items: Array.from({ length: 3_000 }, () => ({ productId: 3, quantity: 1 })),
      }),
      JSON.stringify({ idempotencyKey: 'x'.repeat(60_000) }),
    ];
    for (const rawBody of bodies) {
      const res = await server.api('POST', '/order', { rawBody });
      expect(res.status, rawBody.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, rawBody.slice(0, 40)).toBeLessThan(500);
      expect(res.body).toMatchObject({ status: res.status, code: expect.any(String) });
    }
    expect((await server.api('GET', '/health')).status).toBe(200);
  });

  describe('sign-in throttling', () => {
    it('throttles failed sign-ins per account with 429, Retry-After and a message in words', async () => {
      const { email } = await signup(server.api);
      let last: ApiAnswer | undefined;
      for (let i = 0; i < 12; i += 1) {
        last = await server.api('POST', '/auth/login', {
          body: { loginInput: email, password: 'wrong-password' },
        });
        if (last.status === 429) break;
      }
      expect(last?.status).toBe(429);
      const retryAfter = Number(last?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(last?.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter });
      expect(String(last?.body.message)).toMatch(
        /^Too many sign-in attempts\. Please try again in \d+ (seconds|minutes?)\.$/,
      );
      // the right password is refused too while the account is throttled
      const right = await server.api('POST', '/auth/login', {
        body: { loginInput: email, password: 'secret123' },
      });
      expect(right.status).toBe(429);
    });

    it('throttles failed sign-ins per client address across accounts', async () => {
      const own = await startTestServer();
      try {
        let status = 0;
        for (let i = 0; i < 200 && status !== 429; i += 1) {
          status = (
            await own.api('POST', '/auth/login', {
              body: { loginInput: `nobody-${i}@lumen.test`, password: 'wrong-password' },
            })
          ).status;
        }
        expect(status).toBe(429);
      } finally {
        await own.dispose();
      }
    });

    it('counts failures only, and a success resets the account', async () => {
      const { email } = await signup(server.api);
      for (let round = 0; round < 4; round += 1) {
        for (let i = 0; i < 3; i += 1) {
          const res = await server.api('POST', '/auth/login', {
            body: { loginInput: email, password: 'wrong-password' },
          });
          expect(res.status).toBe(401);
        }
        await login(server.api, email, 'secret123');
      }
    });
  });

  it('forbids framing of HTML and answers HEAD wherever GET answers', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'lumen-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lumen</title>');
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    const site = await startTestServer({ distDir: dist });
    try {
      for (const path of ['/', '/menu']) {
        const page = await fetch(`${site.url}${path}`);
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
      }
      for (const path of ['/', '/assets/app-1a2b3c.js', '/api/v1/health', '/api/v1/products']) {
        const get = await fetch(`${site.url}${path}`);
        const head = await fetch(`${site.url}${path}`, { method: 'HEAD' });
        expect(head.status, path).toBe(get.status);
        expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
        expect(await head.text()).toBe('');
      }
    } finally {
      await site.dispose();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  // Four hashes at the real cost (about 0.3 s each, more on a loaded machine).
  it(
    'verifies scrypt hashes at OWASP minimum and rehashes older ones on sign-in',
    {
      timeout: 30_000,
    },
    async () => {
      // New hashes are argon2id (sign-in-abuse.api.test.ts); scrypt ones still verify and upgrade.
      const hash = await hashPassword('coffee123', OWASP_SCRYPT);
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      const own = await startTestServer({ passwordHashParams: { N: 131_072, r: 8, p: 1 } });
      try {
        const weak = await hashPassword('coffee123', { N: 16_384, r: 8, p: 1 });
        await own.db.run('UPDATE users SET password_hash = ? WHERE email = ?', [weak, DEMO.email]);
        await login(own.api);
        const row = await own.db.get<{ password_hash: string }>(
          'SELECT password_hash FROM users WHERE email = ?',
          [DEMO.email],
        );
        expect(row?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
        await login(own.api);
      } finally {
        await own.dispose();
      }
    },
  );

  it('with a real Stripe key, serves no stand-in and answers 503 while Stripe is out of reach', async () => {
    const live = await startTestServer({
      stripe: {
        secretKey: 'sk_test_configured',
        webhookSecret: 'whsec_configured',
        // Nothing listens on the discard port: Stripe is unreachable.
        apiBase: 'http://127.0.0.1:9',
      },
    });
    try {
      const order = await live.api<OrderResponse>('POST', '/order', {
        body: orderBody([{ productId: 13, quantity: 1 }]),
      });
      expect(order.status).toBe(503);
      expect(order.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'We could not reach the payment service. Please try again in a moment.',
      });
      const res = await fetch(`${live.url}/v1/payment_intents/pi_1/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'key=pk_test_sandbox&client_secret=pi_1_secret_2',
      });
      expect(res.status).toBe(405);
    } finally {
      await live.dispose();
    }
  });

  describe('guest carts', () => {
    it('creates no cart row for a visitor who only reads', async () => {
      const count = async () =>
        Number((await server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM carts'))?.n);
      const before = await count();
      for (const cartToken of [undefined, 'ct_unknown-token']) {
        const options = cartToken ? { cartToken } : {};
        await server.api('GET', '/cart', options);
        await server.api('GET', '/cart/promos', options);
        await server.api('DELETE', '/cart', options);
        await server.api('POST', '/cart/clearShip', options);
        await server.api('DELETE', '/cart/promo', options);
      }
      expect(await count()).toBe(before);
    });

    it('expires an abandoned guest cart', async () => {
      const clock = manualClock();
      const own = await startTestServer({ now: clock.now, guestCartTtlDays: 30 });
      try {
        const abandoned = await own.api<Schemas['Cart']>('POST', '/cart/items', {
          body: { productId: 3, quantity: 1 },
        });
        const kept = await own.api<Schemas['Cart']>('POST', '/cart/items', {
          body: { productId: 4, quantity: 1 },
        });
        clock.advance(20 * DAY);
        await own.api('POST', '/cart/items', {
          cartToken: kept.body.cartToken ?? '',
          body: { productId: 5, quantity: 1 },
        });
        clock.advance(11 * DAY);
        const gone = await own.api<Schemas['Cart']>('GET', '/cart', {
          cartToken: abandoned.body.cartToken ?? '',
        });
        expect(gone.body.cartId).toBeNull();
        const rows = await own.db.get<{ n: number }>(
          'SELECT COUNT(*) AS n FROM carts WHERE guest_token = ?',
          [abandoned.body.cartToken ?? ''],
        );
        expect(rows?.n).toBe(0);
        const alive = await own.api<Schemas['Cart']>('GET', '/cart', {
          cartToken: kept.body.cartToken ?? '',
        });
        expect(alive.body.totalQuantity).toBe(2);
      } finally {
        await own.dispose();
      }
    });
  });
});
