// Server rendering, the server's side (issue 27, ADR-0054): the markup goes into the template as
// text whatever a shopper types, a page is confirmed by its ETag without a render, rendered pages
// are kept until the catalogue changes, and a burst of renders gets the shell while the API answers.
// The SPA's server entry is stood in for by a small module (the real one is built by `vite build`
// and checked in Chromium by tests/e2e/rendered-page-safety.e2e.ts): it renders what the real one
// renders from a search (the search in the HTML, the head and the query cache) and asks the API for
// its data through the `fetch` it is given.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiFirst } from '../src/render-api-first';
import { createRenderCache } from '../src/render-cache';
import { inProcessFetch } from '../src/render-self-fetch';
import { standInBuildForSuite } from './render-build';
import { manualClock, orderBody, startTestServer, type TestServer } from './test-server';

/** What the stand-in entry tells the test: how many renders ran, with which options. */
type EntryProbe = {
  renders: number;
  optionKeys: string[][];
  /** While set, every render waits for it (a render that takes long, without a timer). */
  hold: Promise<void> | null;
};
const probe: EntryProbe = { renders: 0, optionKeys: [], hold: null };
(globalThis as { __renderProbe?: EntryProbe }).__renderProbe = probe;

/**
 * The stand-in server entry: /menu is public, /cart is a page the browser renders, anything else
 * is no route (null: the shell).
 */
const ENTRY = `
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export function routePageAt(pathname) {
  if (pathname === '/menu') return { module: 'src/features/menu/menu-page.tsx', rendered: true };
  if (pathname === '/cart') return { module: 'src/features/cart/cart-page.tsx', rendered: false };
  return null;
}
export async function renderPage(url, options) {
  const probe = globalThis.__renderProbe;
  probe.renders += 1;
  probe.optionKeys.push(Object.keys(options).sort());
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  if (pathname !== '/menu') return null;
  if (probe.hold) await probe.hold;
  const search = searchParams.get('search') ?? '';
  const request = new Request(options.apiBaseUrl + '/api/v1/products?size=2');
  const answer = await (options.fetch ?? fetch)(request);
  const products = await answer.json();
  return {
    status: 200,
    html: '<main><input name="search" value="' + escape(search) + '"><p>' + escape(search) + '</p></main>',
    head: '<title>Menu: ' + escape(search) + '</title>',
    state: { queries: [{ queryKey: ['products', { search }], state: { data: products } }] },
    hydrate: true,
    page: { name: 'menu' },
    preloadImages: [],
  };
}
`;

const build = standInBuildForSuite(ENTRY);
beforeEach(() => {
  probe.renders = 0;
  probe.optionKeys = [];
  probe.hold = null;
});

/** The parts of a served page the browser reads. */
function parsePage(html: string) {
  const json = (id: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(
      html,
    );
    if (!match?.[1]) throw new Error(`no #${id} in the page`);
    return JSON.parse(match[1]) as unknown;
  };
  const count = (text: string) => html.split(text).length - 1;
  return { json, count };
}

function searchOf(state: unknown): unknown {
  const [query] = (state as { queries: { queryKey: [string, { search: string }] }[] }).queries;
  return query?.queryKey[1].search;
}

const DANGEROUS = ['$`', "$'", '$&', '$1', '$$', '</script>', '<!--', '\u2028', '\u2029'];

describe('a rendered page holds what a shopper typed as text (issue 27)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      distDir: build.dist,
      ssrDir: build.ssr,
      publicOrigin: 'https://shop.example',
    });
  });
  afterAll(async () => {
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  it.each([...DANGEROUS, DANGEROUS.join(' ')])(
    'in ?search=, %j stays the search text: the cache parses, the head appears once',
    async (dangerous) => {
      const plain = await (await fetch(`${server.url}/menu?search=xy`)).text();
      const search = `x${dangerous}y`;
      const res = await fetch(`${server.url}/menu?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const page = parsePage(html);
      expect(html).toContain('data-ssr="hydrate"');
      expect(searchOf(page.json('query-state'))).toBe(search);
      expect(page.json('page-scripts')).toMatchObject({ modules: ['/assets/index-abc123.js'] });
      for (const once of ['<head>', '</head>', '<body>', 'id="root"', 'id="query-state"']) {
        expect(page.count(once)).toBe(1);
      }
      // The text three times (input, paragraph, title) escaped, and once in the JSON.
      expect(html.length).toBeLessThan(plain.length + 4 * 12 * dangerous.length + 100);
    },
  );

  it('asks the API for its data in process, with no cookie and nothing else of the shopper', async () => {
    // The public origin (https://shop.example) is not where this server listens: data in the page
    // means the render's requests went through the in-process fetch, not over the network.
    const res = await fetch(`${server.url}/menu?search=in-process`, {
      headers: { Cookie: 'session=abc', Authorization: 'Bearer abc', 'X-Cart-Token': 'ct_1' },
    });
    const state = parsePage(await res.text()).json('query-state') as {
      queries: { state: { data: { name: string }[] } }[];
    };
    expect(state.queries[0]?.state.data).toHaveLength(2);
    expect(state.queries[0]?.state.data[0]?.name).toEqual(expect.any(String));
    // The render is given the URL and these options only: no header of the request reaches it.
    expect(probe.optionKeys).toEqual([['apiBaseUrl', 'fetch', 'origin']]);
  });
});

describe('the in-process fetch', () => {
  it('hands the request to the handler without cookies, authorization or cart tokens', async () => {
    let seen: IncomingMessage | undefined;
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      seen = req;
      res.statusCode = 201;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ url: req.url }));
    };
    const answer = await inProcessFetch(
      () => handler,
      () => Promise.resolve(),
    )(
      new Request('https://shop.example/api/v1/products?size=2', {
        headers: {
          Cookie: 'session=abc',
          Authorization: 'Bearer abc',
          'X-Cart-Token': 'ct_1',
          'X-Order-Token': 'ot_1',
          Accept: 'application/json',
        },
      }),
    );
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ url: '/api/v1/products?size=2' });
    expect(seen?.headers).toEqual({ accept: 'application/json' });
  });
});

describe('rendered pages are confirmed and kept without rendering again (issue 27)', () => {
  const clock = manualClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ distDir: build.dist, ssrDir: build.ssr, now: clock.now });
  });
  afterAll(async () => {
    expect(server.errors).toEqual([]);
    expect(server.violations).toEqual([]);
    await server.dispose();
  });

  it('answers a matching If-None-Match 304 without a render, and serves the same page from its cache', async () => {
    const first = await fetch(`${server.url}/menu?search=etag`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const body = await first.text();
    expect(probe.renders).toBe(1);

    const again = await fetch(`${server.url}/menu?search=etag`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const cached = await fetch(`${server.url}/menu?search=etag`, {
      headers: { Cookie: 'session=someone-else' },
    });
    expect(cached.headers.get('etag')).toBe(etag);
    expect(await cached.text()).toBe(body);
    expect(probe.renders).toBe(1);

    const other = await fetch(`${server.url}/menu?search=other`);
    expect(other.headers.get('etag')).not.toBe(etag);
    expect(probe.renders).toBe(2);
  });

  it('renders again, under a new ETag, once an order changes the stock', async () => {
    const before = await fetch(`${server.url}/menu?search=stock`);
    const etag = before.headers.get('etag') ?? '';
    const renders = probe.renders;
    const order = await server.api('POST', '/order', {
      body: orderBody([{ productId: 3, quantity: 1 }], { paymentMethod: 'cod' }),
    });
    expect(order.status).toBe(201);

    const stale = await fetch(`${server.url}/menu?search=stock`, {
      headers: { 'If-None-Match': etag },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).not.toBe(etag);
    expect(probe.renders).toBe(renders + 1);
  });

  it('renders again once the cache time has passed', async () => {
    const before = await fetch(`${server.url}/menu?search=time`);
    const etag = before.headers.get('etag') ?? '';
    const renders = probe.renders;
    clock.advance(10 * 60_000);
    const later = await fetch(`${server.url}/menu?search=time`, {
      headers: { 'If-None-Match': etag },
    });
    expect(later.status).toBe(200);
    expect(probe.renders).toBe(renders + 1);
  });
});

describe('a page the browser renders comes with its chunks (issue 27, ADR-0060)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ distDir: build.dist, ssrDir: build.ssr });
  });
  afterAll(async () => {
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low" crossorigin/g)]
      .map(([, href]) => href)
      .sort();

  it('sends the shell with the page chunk and the chunks it imports preloaded, the entry once', async () => {
    const answer = await fetch(`${server.url}/cart`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await answer.text();
    expect(preloads(html)).toEqual(['/assets/cart-page-c4r7.js', '/assets/shared-5h4r.js']);
    // The shell as built otherwise: its entry script where it was, nothing rendered, no render run.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(html.split('index-abc123.js').length - 1).toBe(1);
    expect(html).toContain('<div id="root"><!--app-html--></div>');
    expect(html).not.toContain('data-ssr');
    expect(html.indexOf('cart-page-c4r7.js')).toBeLessThan(html.indexOf('</head>'));
    expect(probe.renders).toBe(0);
  });

  it('confirms the shell by its ETag and sends it compressed as asked', async () => {
    const first = await fetch(`${server.url}/cart`, { headers: { 'Accept-Encoding': 'identity' } });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const plain = await first.text();
    const again = await fetch(`${server.url}/cart?from=drawer`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    for (const encoding of ['br', 'gzip']) {
      const answer = await fetch(`${server.url}/cart`, {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(await answer.text()).toBe(plain);
    }
  });

  it('leaves a path that is no route to the built shell as it is', async () => {
    const answer = await fetch(`${server.url}/no/such/page`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<div id="root"><!--app-html--></div>');
    expect(preloads(html)).toEqual([]);
  });
});

describe('rendering is bounded; the API is never queued behind it (issue 27)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      distDir: build.dist,
      ssrDir: build.ssr,
      renderLimits: { concurrency: 1, queue: 1, maxWaitMs: 60_000, maxEntries: 0 },
    });
  });
  afterAll(async () => {
    expect(server.errors).toEqual([]);
    await server.dispose();
  });

  it('a burst beyond one render and one waiting gets the shell, and an API call in it answers', async () => {
    let finish = () => undefined as void;
    probe.hold = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const answered: { status: number; html: string }[] = [];
    const burst = Array.from({ length: 10 }, (_, i) =>
      fetch(`${server.url}/menu?search=burst-${i}`).then(async (res) => {
        const page = { status: res.status, html: await res.text() };
        answered.push(page);
        return page;
      }),
    );
    // One render runs and one waits, both held: the other eight cannot be waiting for a render.
    await vi.waitFor(() => expect(answered).toHaveLength(8), { timeout: 10_000 });
    const cart = await server.api('GET', '/cart');
    expect(cart.status).toBe(200);
    // A page the browser renders takes no render slot: its shell comes at once.
    const cartPage = await fetch(`${server.url}/cart`);
    expect(await cartPage.text()).toContain('/assets/cart-page-c4r7.js');
    for (const shell of answered) {
      expect(shell.status).toBe(200);
      expect(shell.html).toContain('<div id="root"><!--app-html--></div>');
      expect(shell.html).not.toContain('data-ssr');
    }
    expect(probe.renders).toBe(1);
    finish();
    await Promise.all(burst);
    const rendered = answered.slice(8);
    expect(rendered).toHaveLength(2);
    for (const page of rendered) expect(page.html).toContain('data-ssr="hydrate"');
  });

  /**
   * A server with one render slot and room to wait (`maxWaitMs`), its one render (of /menu) held
   * while `during` runs; that page is still rendered once let go.
   */
  async function whileARenderIsHeld(
    maxWaitMs: number,
    during: (url: string) => Promise<void>,
  ): Promise<void> {
    const held = await startTestServer({
      distDir: build.dist,
      ssrDir: build.ssr,
      renderLimits: { concurrency: 1, queue: 5, maxWaitMs, maxEntries: 0 },
    });
    try {
      let finish = () => undefined as void;
      probe.hold = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const page = fetch(`${held.url}/menu?search=held`).then((res) => res.text());
      await vi.waitFor(() => expect(probe.renders).toBe(1), { timeout: 10_000 });
      await during(held.url);
      finish();
      expect(await page).toContain('data-ssr="hydrate"');
    } finally {
      await held.dispose();
    }
  }

  it('a file or an address that is no page never waits for a render', async () => {
    // The one render slot is taken for a minute: these answer meanwhile, without a render.
    await whileARenderIsHeld(60_000, async (url) => {
      const script = await fetch(`${url}/assets/index-abc123.js`);
      expect(await script.text()).toBe('console.log(1)');
      const nowhere = await fetch(`${url}/no/such/page`);
      expect(await nowhere.text()).toContain('<div id="root"><!--app-html--></div>');
      expect(probe.renders).toBe(1);
    });
  });

  it('a render that waited too long gives way to the shell', async () => {
    await whileARenderIsHeld(1, async (url) => {
      const waited = await (await fetch(`${url}/menu?search=waited`)).text();
      expect(waited).not.toContain('data-ssr');
    });
  });
});

describe('the render cache', () => {
  const page = (bytes: number) => ({
    etag: 'W/"x"',
    status: 200,
    html: Buffer.alloc(bytes),
    encoded: new Map<string, Buffer>(),
  });

  it('keeps at most its entries and bytes, least recently used out first, each for its TTL', () => {
    const cache = createRenderCache({ maxEntries: 2, maxBytes: 100, ttlMs: 1_000 });
    cache.set('a', page(10), 0);
    cache.set('b', page(10), 0);
    expect(cache.get('a', 1)).toBeDefined();
    cache.set('c', page(10), 0);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    cache.set('d', page(95), 0);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.get('d', 999)).toBeDefined();
    expect(cache.get('d', 1_000)).toBeUndefined();
  });
});

describe('API calls before render steps', () => {
  const turns = async (n: number) => {
    for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  it('a render step waits while an API call is in progress, and goes on once it ends', async () => {
    const apiFirst = createApiFirst(60_000);
    const ended = apiFirst.started();
    let stepped = false;
    const step = apiFirst.turn().then(() => {
      stepped = true;
    });
    await turns(5);
    expect(stepped).toBe(false);
    ended();
    await step;
    expect(stepped).toBe(true);
  });

  it('a stream of API calls cannot hold a render step longer than its wait', async () => {
    const apiFirst = createApiFirst(1);
    apiFirst.started();
    await expect(apiFirst.turn()).resolves.toBeUndefined();
  });
});
