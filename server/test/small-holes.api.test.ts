// Issue 28's smaller holes, each with a test that failed before its fix: security headers on
// every answer, canonical URLs that never follow a foreign Host, one short line per failed render,
// and a promo's per-customer use limit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKey, networkKey } from '../src/caller-keys';
import {
  login,
  orderBody,
  signup,
  startTestServer,
  testServerForSuite,
  type TestServer,
} from './test-server';

/** A GET with headers fetch will not send as given (Host). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A built SPA and a server entry that renders /menu, or fails on /broken as a bad input would. */
function fakeBuild(): { dist: string; ssr: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'lumen-holes-'));
  const dist = join(root, 'dist');
  const ssr = join(root, 'dist-ssr');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(ssr);
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html lang="en"><head><!--app-head--><title>Lumen Roastery</title><!--/app-head-->
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><!--app-noscript--><noscript>x</noscript><!--/app-noscript--><div id="root"><!--app-html--></div></body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(
    join(ssr, 'entry-server.js'),
    `export const PAGE_MODULES = { menu: null };
export async function renderPage(url, options) {
  const { pathname } = new URL(url, 'http://render.invalid');
  if (pathname.startsWith('/broken')) throw new URIError('URI malformed');
  if (pathname !== '/menu') return null;
  return { status: 200, html: '<main>menu</main>',
    head: '<link rel="canonical" href="' + options.origin + '/menu">', state: { queries: [] },
    hydrate: true, page: { name: 'menu' }, preloadImages: [] };
}
`,
  );
  return { dist, ssr, root };
}

describe('headers on every answer', () => {
  const server = testServerForSuite({ trustedProxies: ['127.0.0.1'] });

  it('Permissions-Policy, Cross-Origin-Opener-Policy and -Resource-Policy on API, errors and pages', async () => {
    for (const path of ['/api/v1/health', '/api/v1/nothing-here', '/robots.txt', '/menu']) {
      const answer = await rawGet(`${server.url}${path}`);
      expect(answer.headers['permissions-policy'], path).toMatch(/camera=\(\), microphone=\(\)/);
      expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(answer.headers['cross-origin-resource-policy'], path).toMatch(
        /^(same-origin|cross-origin)$/,
      );
      // Plain http: no HSTS (a browser would ignore it, and a test shop must stay reachable).
      expect(answer.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('HSTS when a trusted proxy says the shopper came over https, never on its own word', async () => {
    const behindProxy = await rawGet(`${server.url}/api/v1/health`, {
      'X-Forwarded-Proto': 'https',
    });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const untrusted = await startTestServer();
    try {
      const claimed = await rawGet(`${untrusted.url}/api/v1/health`, {
        'X-Forwarded-Proto': 'https',
      });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.dispose();
    }
  });
});

describe('canonical URLs in production without PUBLIC_ORIGIN', () => {
  let server: TestServer;
  let build: ReturnType<typeof fakeBuild>;
  beforeAll(async () => {
    build = fakeBuild();
    server = await startTestServer({ development: false, distDir: build.dist, ssrDir: build.ssr });
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(build.root, { recursive: true, force: true });
  });

  it('never follow a Host that is not one of the server’s own', async () => {
    const forged = await rawGet(`${server.url}/menu`, { Host: 'evil.example' });
    expect(forged.status).toBe(200);
    expect(forged.body).toContain(`<link rel="canonical" href="${server.url}/menu">`);
    expect(forged.body).not.toContain('evil.example');
    const robots = await rawGet(`${server.url}/robots.txt`, { Host: 'evil.example' });
    expect(robots.body).not.toContain('evil.example');
    const own = await rawGet(`${server.url}/menu?x=1`, { Host: `localhost:${server.port}` });
    expect(own.body).toContain(`href="http://localhost:${server.port}/menu"`);
  });

  it('a failed render logs one line without a stack, at most one per 10 seconds', async () => {
    server.errors.length = 0;
    for (let i = 0; i < 20; i += 1) {
      const answer = await rawGet(`${server.url}/broken/${i}`);
      expect(answer.status).toBe(200); // the shell: the browser renders it
    }
    expect(server.errors).toHaveLength(1);
    const [line = ''] = server.errors;
    expect(line).toMatch(
      /^rendering "\/broken\/0" failed; the browser renders it: URIError: URI malformed$/,
    );
    expect(line).not.toContain('\n');
    server.errors.length = 0;
  });
});

describe('a promo used at most its per-customer limit', () => {
  const ADMIN_TOKEN = 'admin-token-for-the-promo-tests-0123456789';
  const server = testServerForSuite({ adminToken: ADMIN_TOKEN });
  // CASHBACK25 takes $2.50 off product 9 (two iced americanos: 10.29 in all).
  const cashback = (overrides: Record<string, unknown>) =>
    orderBody([{ productId: 9, quantity: 2 }], {
      promoCode: 'CASHBACK25',
      discountAmount: 2.5,
      totalAmount: 10.29,
      ...overrides,
    });

  it('counts by normalised email for guests and refuses with the promo error shape', async () => {
    await server.db.run("UPDATE promos SET max_uses_per_customer = 1 WHERE code = 'CASHBACK25'");
    const first = await server.api('POST', '/order', {
      // Cash on delivery, so the shop can cancel it below (an unpaid card order only lapses).
      body: cashback({ email: 'Repeat.Buyer@Lumen.test', paymentMethod: 'cod' }),
    });
    expect(first.status).toBe(201);
    const again = await server.api('POST', '/order', {
      body: cashback({ email: 'repeat.buyer+2@lumen.TEST' }),
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message: 'You have already used this promo code. It can be used once per customer.',
    });
    // Someone else still may, and so may the same buyer once the first order is cancelled.
    expect(
      (await server.api('POST', '/order', { body: cashback({ email: 'other@lumen.test' }) }))
        .status,
    ).toBe(201);
    const orderId = (first.body as { orderId: number }).orderId;
    // The shop cancels it (PATCH /order/{id}/status, ADR-0061): its stock and history stay true.
    const cancelled = await server.api('PATCH', `/order/${orderId}/status`, {
      headers: { 'X-Admin-Token': ADMIN_TOKEN },
      body: { status: 'CANCELLED' },
    });
    expect(cancelled.status).toBe(200);
    expect(
      (
        await server.api('POST', '/order', {
          body: cashback({ email: 'repeat.buyer@lumen.test' }),
        })
      ).status,
    ).toBe(201);
  });

  it('counts by account for a signed-in shopper: the cart says so, and so does the order', async () => {
    await server.db.run("UPDATE promos SET max_uses_per_customer = 2 WHERE code = 'CASHBACK25'");
    const { token } = await signup(server.api, 'promo');
    for (let i = 0; i < 2; i += 1) {
      expect((await server.api('POST', '/order', { token, body: cashback({}) })).status).toBe(201);
    }
    const third = await server.api('POST', '/order', { token, body: cashback({}) });
    expect(third.body).toMatchObject({
      code: 'PROMO_REJECTED',
      message: 'You have already used this promo code. It can be used twice per customer.',
    });
    await server.api('POST', '/cart/items', { token, body: { productId: 9, quantity: 1 } });
    const applied = await server.api('PATCH', '/cart/promo-code', {
      token,
      body: { code: 'cashback25' },
    });
    expect(applied.status).toBe(400);
    expect(applied.body).toMatchObject({ code: 'PROMO_REJECTED' });
    const promos = await server.api<{ unavailablePromos: { code: string; reason: string }[] }>(
      'GET',
      '/cart/promos',
      { token },
    );
    expect(promos.body.unavailablePromos.find((p) => p.code === 'CASHBACK25')?.reason).toBe(
      'You have already used this promo code. It can be used twice per customer.',
    );
    // The demo account has its own count.
    const demo = await login(server.api);
    expect((await server.api('POST', '/order', { token: demo, body: cashback({}) })).status).toBe(
      201,
    );
    await server.db.run("UPDATE promos SET max_uses_per_customer = NULL WHERE code = 'CASHBACK25'");
  });
});

describe('helpers', () => {
  it('groups IPv6 addresses by /64 and leaves IPv4 as it is', () => {
    expect(networkKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(networkKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('normalises an email: case, spaces and a +tag', () => {
    expect(emailKey(' Sam+Shop@Example.TEST ')).toBe('sam@example.test');
    expect(emailKey('+x@example.test')).toBe('+x@example.test');
  });
});
