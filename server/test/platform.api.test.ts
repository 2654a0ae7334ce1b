import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_HANDLERS, assertHandlersMatch, createApp } from '../src/app';
import { openDb } from '../src/db';
import { loadOpenApi } from '../src/openapi';
import { resetDatabase } from '../src/reset';
import {
  apiClient,
  login,
  orderBody,
  startTestServer,
  testAppConfig,
  type Schemas,
  type TestServer,
} from './test-server';

describe('HTTP edges', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  it('answers CORS preflights for the allowed origins only', async () => {
    const preflight = await fetch(`${server.url}/api/v1/cart/items`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, x-cart-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, X-Cart-Token, X-Order-Token, Idempotency-Key',
    );
    expect(preflight.headers.get('access-control-max-age')).toBe('3600');
    const foreign = await fetch(`${server.url}/api/v1/health`, {
      headers: { Origin: 'https://evil.test' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await fetch(`${server.url}/api/v1/health`, {
      headers: { Origin: 'http://127.0.0.1:5173' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(allowed.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers unknown paths 404, wrong methods 405, with the error shape', async () => {
    const missing = await server.api('GET', '/api/v1/unknown/thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      path: '/api/v1/unknown/thing',
      timestamp: expect.any(String),
    });
    const wrong = await server.api('DELETE', '/api/v1/products/search');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(wrong.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect((await server.api('GET', '/api/v1/products/detail/')).status).toBe(404);
    expect((await server.api('GET', '/')).status).toBe(404); // no dist/ in this server
  });

  it('refuses oversized bodies, wrong content types and malformed JSON', async () => {
    const big = await server.api('POST', '/api/v1/auth/login', {
      rawBody: JSON.stringify({ loginInput: 'x'.repeat(70_000), password: 'y' }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const text = await server.api('POST', '/api/v1/auth/login', {
      rawBody: '{}',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const broken = await server.api('POST', '/api/v1/auth/login', { rawBody: '{"loginInput":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON',
    });
    const empty = await server.api('POST', '/api/v1/auth/login', { rawBody: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fields: { body: 'Request body is required' } });
    const array = await server.api('POST', '/api/v1/auth/login', { body: [1, 2] });
    expect(array.body).toMatchObject({ fields: { body: 'Must be an object' } });
    const charset = await server.api('POST', '/api/v1/auth/login', {
      body: { loginInput: 'demo@lumen.test', password: 'coffee123' },
      contentType: 'application/json; charset=utf-8',
    });
    expect(charset.status).toBe(200);
    // the server keeps serving
    expect((await server.api('GET', '/health')).status).toBe(200);
  });

  it('reports nested field paths', async () => {
    const res = await server.api('POST', '/order', {
      body: orderBody([{ productId: 3, quantity: 0 }], { shippingAddress: { name: 'A' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      'items[0].quantity': 'Must be at least 1',
      'shippingAddress.postalCode': 'Postal Code is required',
      'shippingAddress.phoneNumber': 'Phone Number is required',
    });
  });
});

describe('fault injection', () => {
  it('is off by default', async () => {
    const server = await startTestServer();
    try {
      const res = await server.api('GET', '/health', { headers: { 'X-Inject-Status': '503' } });
      expect(res.status).toBe(200);
    } finally {
      await server.dispose();
    }
  });

  it('honours X-Inject-Status and X-Inject-Latency when enabled', async () => {
    const server = await startTestServer({ faults: true });
    try {
      const failed = await server.api('GET', '/health', { headers: { 'X-Inject-Status': '503' } });
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(
        (await server.api('GET', '/health', { headers: { 'X-Inject-Status': '500' } })).body,
      ).toMatchObject({ code: 'INTERNAL' });
      expect(
        (await server.api('GET', '/health', { headers: { 'X-Inject-Status': '418' } })).status,
      ).toBe(200);
      const started = Date.now();
      await server.api('GET', '/health', { headers: { 'X-Inject-Latency': '150' } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      const preflight = await fetch(`${server.url}/api/v1/health`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173' },
      });
      expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Inject-Status');
    } finally {
      await server.dispose();
    }
  });
});

describe('unexpected errors', () => {
  it('become 500 INTERNAL with the error shape, are logged, and the server keeps serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-500-'));
    const db = await openDb({ file: join(dir, 'shop.sqlite') });
    const logged: string[] = [];
    const handler = createApp({
      db,
      config: testAppConfig(db, logged),
      handlers: {
        ...ALL_HANDLERS,
        listSpaces: () => {
          throw new Error('boom');
        },
        listShipMethods: async () => Promise.reject(new TypeError('async boom')),
      },
    });
    const http = createServer(handler);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const api = apiClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
    try {
      const res = await api('GET', '/spaces');
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ status: 500, code: 'INTERNAL', path: '/api/v1/spaces' });
      expect(JSON.stringify(res.body)).not.toContain('boom');
      expect((await api('GET', '/ship-methods')).status).toBe(500);
      expect(logged).toEqual(['GET /api/v1/spaces failed', 'GET /api/v1/ship-methods failed']);
      expect((await api('GET', '/health')).status).toBe(200);
    } finally {
      await new Promise((resolve) => http.close(resolve));
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start when a handler is missing or extra', () => {
    const contract = loadOpenApi();
    const { getHealth: _dropped, ...missing } = ALL_HANDLERS;
    expect(() => assertHandlersMatch(contract, missing)).toThrow(/missing handlers \[getHealth\]/);
    expect(() =>
      assertHandlersMatch(contract, { ...ALL_HANDLERS, bogus: () => ({ status: 200 }) }),
    ).toThrow(/\[bogus\]/);
    expect(() => assertHandlersMatch(contract, ALL_HANDLERS)).not.toThrow();
  });
});

describe('static SPA', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lumen-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'images', 'products'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Lumen</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What scripts/precompress.ts writes at build time.
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(
      join(dist, 'images', 'products', '3-1.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html with the strict CSP, and SPA routes fall back to it', async () => {
    for (const path of ['/', '/menu', '/account/orders/12', '/completed-checkout/3']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<div id="root">');
      const csp = res.headers.get('content-security-policy') ?? '';
      // No inline script but the two the CSP names by their hashes (a server-rendered page's boot:
      // its theme before the first paint, the app's scripts after it, issue 19; and its tap
      // capture, ADR-0060).
      expect(csp).toMatch(
        /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/js\.stripe\.com;/,
      );
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('serves assets with types and immutable caching, and 404s missing files', async () => {
    const js = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-security-policy')).toBeNull();
    const svg = await fetch(`${server.url}/images/products/3-1.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/nope.svg`)).status).toBe(404);
    const etag = js.headers.get('etag') ?? '';
    expect(
      (await fetch(`${server.url}/assets/index-abc123.js`, { headers: { 'If-None-Match': etag } }))
        .status,
    ).toBe(304);
  });

  it('a file deleted under the running server (a rebuild in place) is a 404, not a crash', async () => {
    const file = join(dist, 'assets', 'old-chunk-1a2b3c.js');
    writeFileSync(file, 'console.log(2)');
    writeFileSync(`${file}.br`, brotliCompressSync('console.log(2)'));
    writeFileSync(`${file}.gz`, gzipSync('console.log(2)'));
    // A new index.html makes the server index dist/ again: the chunk is now known.
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Lumen</title><div id="root"></div>',
    );
    expect((await fetch(`${server.url}/assets/old-chunk-1a2b3c.js`)).status).toBe(200);
    // A tab still on the old build asks for its chunk after the rebuild removed it.
    for (const path of [file, `${file}.br`, `${file}.gz`]) rmSync(path);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${server.url}/assets/old-chunk-1a2b3c.js`, {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(res.status, encoding).toBe(404);
    }
    expect((await fetch(`${server.url}/api/v1/products`)).status).toBe(200);
  });

  it('sends the precompressed brotli or gzip file the browser accepts', async () => {
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolvePromise, reject) => {
          httpGet(
            `${server.url}/assets/index-abc123.js`,
            { headers: { 'Accept-Encoding': acceptEncoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolvePromise({
                  encoding: res.headers['content-encoding'],
                  vary: res.headers.vary,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          ).on('error', reject);
        },
      );
    const br = await get('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1)');
    const gz = await get('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('console.log(1)');
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
    const html = await fetch(`${server.url}/`);
    expect(html.headers.get('cache-control')).toBe('no-cache');
  });

  it('never leaves dist/', async () => {
    for (const path of [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fetc%2fhosts',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(await res.text()).not.toContain('root:');
    }
    expect((await fetch(`${server.url}/menu`, { method: 'POST' })).status).toBe(405);
  });
});

describe('public asset origin', () => {
  it('makes image and video URLs absolute and lets the CSP load them', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'lumen-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lumen</title>');
    const server = await startTestServer({ assetOrigin: 'https://cdn.lumen.test/', distDir: dist });
    try {
      const products = await server.api<Schemas['Product'][]>('GET', '/products');
      const urls = products.body.flatMap((p) => p.images.map((i) => i.imageUrl));
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(/^https:\/\/cdn\.lumen\.test\/images\//);
      const spaces = await server.api<Schemas['Space'][]>('GET', '/spaces');
      expect(spaces.body[0]?.image).toMatch(/^https:\/\/cdn\.lumen\.test\/images\//);
      expect(spaces.body.find((s) => s.image.endsWith('.webm'))?.image).toBe(
        'https://cdn.lumen.test/media/spaces/9.webm',
      );
      const cart = await server.api<Schemas['Cart']>('POST', '/cart/items', {
        body: { productId: 3, quantity: 1 },
      });
      expect(cart.body.cartItems[0]?.imageUrl).toMatch(/^https:\/\/cdn\.lumen\.test\//);
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-security-policy')).toContain(
        "img-src 'self' data: https://cdn.lumen.test;",
      );
      expect(page.headers.get('content-security-policy')).toContain(
        "media-src 'self' https://cdn.lumen.test;",
      );
      expect(server.violations).toEqual([]);
    } finally {
      await server.dispose();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('persistence', () => {
  it('keeps data across a restart on the same file, and seeds only an empty database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-restart-'));
    try {
      // The file itself is under test, on whatever engine the other suites run.
      const first = await startTestServer({ dir, sqlite: true });
      const token = await login(first.api);
      const cart = await first.api<Schemas['Cart']>('POST', '/cart/items', {
        body: { productId: 3, quantity: 2 },
      });
      await first.api('POST', '/cart/items', { token, body: { productId: 4, quantity: 1 } });
      const order = await first.api<Schemas['OrderResponse']>('POST', '/order', {
        token,
        body: orderBody([{ productId: 5, quantity: 1 }]),
      });
      await first.close();

      const second = await startTestServer({ dir, sqlite: true });
      const guestCart = await second.api<Schemas['Cart']>('GET', '/cart', {
        cartToken: cart.body.cartToken ?? '',
      });
      expect(guestCart.body.cartItems.map((l) => [l.productId, l.quantity])).toEqual([[3, 2]]);
      // the old token still works: same secret, same user, same token version
      const userCart = await second.api<Schemas['Cart']>('GET', '/cart', { token });
      expect(userCart.body.cartItems.map((l) => l.productId)).toEqual([4]);
      expect((await second.api('GET', `/order/${order.body.orderId}`, { token })).status).toBe(200);
      expect(
        (await second.api<Schemas['Product']>('GET', '/products/detail/5')).body.quantity,
      ).toBe(24);
      const products = await second.api<Schemas['ProductPage']>('GET', '/products/search?size=50');
      expect(products.body.totalElements).toBe(36);
      await second.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reset re-seeds: orders, carts and users are gone, stock is back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-reset-'));
    try {
      // The file's reset (npm run db:reset) is under test.
      const before = await startTestServer({ dir, sqlite: true });
      const order = await before.api<Schemas['OrderResponse']>('POST', '/order', {
        body: orderBody([{ productId: 5, quantity: 3 }]),
      });
      await before.api('POST', '/auth/signup', {
        body: { username: 'to-be-reset', email: 'reset@lumen.test', password: 'secret123' },
      });
      await before.close();

      await resetDatabase(join(dir, 'shop.sqlite'));

      const after = await startTestServer({ dir, sqlite: true });
      expect((await after.api<Schemas['Product']>('GET', '/products/detail/5')).body.quantity).toBe(
        25,
      );
      expect(
        (
          await after.api('GET', `/order/${order.body.orderId}`, {
            orderToken: order.body.orderToken ?? '',
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await after.api('POST', '/auth/login', {
            body: { loginInput: 'reset@lumen.test', password: 'secret123' },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await after.api('POST', '/auth/login', {
            body: { loginInput: 'demo@lumen.test', password: 'coffee123' },
          })
        ).status,
      ).toBe(200);
      // Only the seeded accounts: the demo shopper and (in development) the demo owner.
      expect(await after.db.all('SELECT email FROM users ORDER BY id')).toEqual([
        { email: 'demo@lumen.test' },
        { email: 'owner@lumen.test' },
      ]);
      await after.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
