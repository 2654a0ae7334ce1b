// Issue 15: the contract's last gaps with spec §7 and the decision records (docs/decisions,
// ADR-0042). Each test failed on the code before its fix.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, orderBody, startTestServer, type Schemas, type TestServer } from './test-server';

type OrderResponse = Schemas['OrderResponse'];

describe('contract gaps', { timeout: 30_000 }, () => {
  let server: TestServer;
  const origin = 'https://other-client.example';
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [origin] });
  });
  afterAll(async () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  it("a failed sign-in's field messages are under data too (spec §7)", async () => {
    const wrong = await server.api('POST', '/auth/login', {
      body: { loginInput: 'demo@lumen.test', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      fields: { password: 'Invalid email or password' },
      data: { password: 'Invalid email or password' },
    });
    const short = await server.api('POST', '/auth/login', {
      body: { loginInput: 'demo@lumen.test', password: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual(short.body.fields);
  });

  it('lets an allowed origin read X-Total-Count', async () => {
    const res = await server.api('GET', '/news?page=0&size=2', { headers: { Origin: origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/);
    const other = await server.api('GET', '/news', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('honours the Idempotency-Key header like the body key', async () => {
    const key = newKey();
    const { idempotencyKey: _omitted, ...body } = orderBody([{ productId: 9, quantity: 1 }]);
    const user = await server.api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 9, quantity: 1 },
    });
    const cartToken = user.body.cartToken ?? '';
    const first = await server.api<OrderResponse>('POST', '/order', {
      cartToken,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(201);
    const again = await server.api<OrderResponse>('POST', '/order', {
      cartToken,
      body: { ...body, idempotencyKey: key },
    });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    const disagree = await server.api('POST', '/order', {
      cartToken,
      body: { ...body, idempotencyKey: newKey() },
      headers: { 'Idempotency-Key': key },
    });
    expect(disagree.status).toBe(400);
    expect(disagree.body).toMatchObject({
      fields: { 'Idempotency-Key': "Must equal the body's idempotencyKey" },
    });
    const none = await server.api('POST', '/order', { cartToken, body });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ fields: { idempotencyKey: 'Idempotency key is required' } });
  });

  it('compares a canonical form of the body: key order and whitespace make no conflict', async () => {
    const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
      body: { productId: 10, quantity: 1 },
    });
    const cartToken = cart.body.cartToken ?? '';
    const body = orderBody([{ productId: 10, quantity: 1 }]);
    const first = await server.api<OrderResponse>('POST', '/order', { cartToken, body });
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await server.api<OrderResponse>('POST', '/order', {
      cartToken,
      rawBody: JSON.stringify(reordered, null, 2),
    });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
  });

  it('answers 408 in the error shape when a request does not arrive in time', async () => {
    const slow = await startTestServer({ requestTimeoutMs: 400, headersTimeoutMs: 400 });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(slow.port, '127.0.0.1', () => {
          // Headers begun, never finished.
          socket.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        });
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        socket.on('end', () => resolve(text));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<
        string,
        unknown
      >;
      expect(json).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT' });
    } finally {
      await slow.dispose();
    }
  });
});
