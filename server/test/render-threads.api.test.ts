// Pages rendered in threads of their own (issue 27, ADR-0071): the render's React step never holds
// the thread the API answers on, its data still comes from this server in process, and a thread
// that dies or hangs costs its pages the shell, never the server. The stand-in entry runs in the
// render thread, so it talks to the test through files, not through the test's globals.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRenderWorkers, type RenderWorkers } from '../src/render-workers';
import { standInBuildForSuite } from './render-build';
import { startTestServer, type Schemas, type TestServer } from './test-server';

/**
 * The stand-in entry. Imported, it writes `imported-on-<thread id>` beside itself. /menu is public;
 * it names the thread that rendered it and the products the API gave it. `?search=busy` writes `busy` beside the entry, then keeps its thread busy (a render's
 * synchronous step that does not end) until the test writes `go`; `?search=exit` ends its thread;
 * `?search=forever` never ends; `?search=nice` names its thread's priority (Linux).
 */
const ENTRY = `
import { existsSync, readlinkSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
const here = new URL('.', import.meta.url).pathname;
writeFileSync(here + 'imported-on-' + threadId, '');
export function routePageAt(pathname) {
  return pathname === '/menu' ? { module: 'src/features/menu/menu-page.tsx', rendered: true } : null;
}
export async function renderPage(url, options) {
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  if (pathname !== '/menu') return null;
  const search = searchParams.get('search') ?? '';
  if (search === 'exit') process.exit(1);
  if (search === 'forever') for (;;);
  if (search === 'nice') {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return { status: 200, html: '<p>nice ' + getPriority(thread) + '</p>', head: '', state: { queries: [] }, hydrate: false, page: { name: 'menu' }, preloadImages: [] };
  }
  const answer = await options.fetch(new Request(options.apiBaseUrl + '/api/v1/products?size=2'));
  const products = await answer.json();
  if (search === 'busy') {
    writeFileSync(here + 'busy', '');
    const until = Date.now() + 30000;
    while (!existsSync(here + 'go') && Date.now() < until);
  }
  return {
    status: 200,
    html: '<main><p>rendered on thread ' + threadId + '</p><p>' +
      products.map((product) => product.name).join(', ') + '</p></main>',
    head: '<title>Menu</title>',
    state: { queries: [] },
    hydrate: true,
    page: { name: 'menu' },
    preloadImages: [],
  };
}
`;

/** The thread the stand-in entry rendered `html` on (the API's is this test's, `threadId`). */
function renderedOn(html: string): number {
  const match = /<p>rendered on thread (\d+)<\/p>/.exec(html);
  if (!match) throw new Error('the page was not rendered');
  return Number(match[1]);
}

const build = standInBuildForSuite(ENTRY);

describe('a page is rendered in a thread of its own (ADR-0071)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      distDir: build.dist,
      ssrDir: build.ssr,
      renderLimits: { threads: 1, maxEntries: 0 },
    });
  });
  afterAll(async () => {
    await server.dispose();
  });
  afterEach(() => {
    for (const file of ['busy', 'go']) rmSync(join(build.ssr, file), { force: true });
  });

  it('starts a render thread with the server, the entry imported before the first page is asked', async () => {
    // First in this suite: no page has been asked for yet.
    const importedOn = () =>
      readdirSync(build.ssr)
        .map((file) => /^imported-on-(\d+)$/.exec(file)?.[1])
        .filter((id): id is string => id !== undefined)
        .map(Number)
        .filter((id) => id !== threadId);
    await vi.waitFor(() => expect(importedOn()).toHaveLength(1), { timeout: 15_000 });
    const html = await (await fetch(`${server.url}/menu`)).text();
    expect(renderedOn(html)).toBe(importedOn()[0]);
  }, 20_000);

  it("renders in a render thread, from this server's own data", async () => {
    const products = (await server.api<Schemas['Product'][]>('GET', '/products?size=2')).body;
    const html = await (await fetch(`${server.url}/menu`)).text();
    expect(html).toContain('data-ssr="hydrate"');
    expect(renderedOn(html)).not.toBe(threadId);
    expect(html).toContain(`<p>${products.map((product) => product.name).join(', ')}</p>`);
  });

  it('answers an API call while a render keeps its thread busy', async () => {
    const page = fetch(`${server.url}/menu?search=busy`).then((res) => res.text());
    await vi.waitFor(() => expect(existsSync(join(build.ssr, 'busy'))).toBe(true), {
      timeout: 10_000,
    });
    // On the API's thread this call would wait for the render, which waits for this test.
    const cart = await server.api('GET', '/cart');
    expect(cart.status).toBe(200);
    writeFileSync(join(build.ssr, 'go'), '');
    expect(renderedOn(await page)).not.toBe(threadId);
  });

  it('sends the shell when a thread ends, and renders the next page in a new one', async () => {
    const shell = await (await fetch(`${server.url}/menu?search=exit`)).text();
    expect(shell).toContain('<div id="root"><!--app-html--></div>');
    expect(shell).not.toContain('data-ssr');
    expect(server.errors.join('\n')).toContain('the render thread exited (1)');
    const next = await (await fetch(`${server.url}/menu?search=after`)).text();
    expect(renderedOn(next)).not.toBe(threadId);
  });
});

describe('render threads on their own (ADR-0071)', () => {
  let threads: RenderWorkers;
  const answers: string[] = [];
  const entry = () => `${new URL(`file://${join(build.ssr, 'entry-server.js')}`).href}`;
  const options = { apiBaseUrl: 'http://shop.test', origin: 'http://shop.test', inProcess: true };
  beforeAll(() => {
    threads = createRenderWorkers({
      threads: 1,
      timeoutMs: 2_000,
      // The server's side of the render's data requests: products, as the API would answer.
      fetch: async (request) => {
        answers.push(new URL(request.url).pathname);
        return Response.json([{ name: 'Stand-in Roast' }]);
      },
    });
  });
  afterAll(async () => {
    await threads.close();
  });

  it("asks this side for the render's data", async () => {
    const page = (await threads.render(entry(), '/menu', options)) as { html: string };
    expect(page.html).toContain('<p>Stand-in Roast</p>');
    expect(answers).toContain('/api/v1/products');
  });

  // Where there are fewer cores than busy threads, the API's thread runs first. Linux only: it is
  // where a priority can be set on one thread (the thread's id in /proc/thread-self).
  it.runIf(process.platform === 'linux')(
    "renders at a lower priority than the API's thread (nice 10)",
    async () => {
      const page = (await threads.render(entry(), '/menu?search=nice', options)) as {
        html: string;
      };
      // A process already nicer than 10 keeps its own: a thread may not raise its priority.
      expect(page.html).toBe(`<p>nice ${Math.max(10, getPriority())}</p>`);
    },
  );

  it('stops a thread whose render never ends, and renders the next page in a new one', async () => {
    await expect(threads.render(entry(), '/menu?search=forever', options)).rejects.toThrow(
      'the render took longer than 2000 ms; its thread is stopped',
    );
    const page = (await threads.render(entry(), '/menu', options)) as { html: string };
    expect(renderedOn(page.html)).not.toBe(threadId);
  });

  it('keeps one thread while renders come one at a time, and starts another for a second at once', async () => {
    const two = createRenderWorkers({
      threads: 2,
      timeoutMs: 10_000,
      fetch: async () => {
        // The first render waits here for its data until the second has been rendered.
        if (!holding) return Response.json([{ name: 'Stand-in Roast' }]);
        holding = false;
        await new Promise<void>((resolve) => {
          letGo = resolve;
        });
        return Response.json([{ name: 'Stand-in Roast' }]);
      },
    });
    let holding = false;
    let letGo = () => undefined as void;
    try {
      const render = async (url: string) =>
        renderedOn(((await two.render(entry(), url, options)) as { html: string }).html);
      const first = await render('/menu?search=one');
      expect(await render('/menu?search=two')).toBe(first);
      holding = true;
      const waiting = render('/menu?search=waiting');
      await vi.waitFor(() => expect(holding).toBe(false));
      const meanwhile = await render('/menu?search=meanwhile');
      letGo();
      expect(await waiting).toBe(first);
      expect(meanwhile).not.toBe(first);
    } finally {
      await two.close();
    }
  });

  it('imports a new build when its address changes', async () => {
    const other = join(build.root, 'other-entry.js');
    writeFileSync(
      other,
      'export async function renderPage() { return { html: "the other build" }; }',
    );
    const page = (await threads.render(new URL(`file://${other}`).href, '/menu', options)) as {
      html: string;
    };
    expect(page.html).toBe('the other build');
  });

  it('fails the renders under way when closed, and takes no more', async () => {
    const closing = createRenderWorkers({ threads: 1, timeoutMs: 10_000, fetch: fetch });
    const pending = closing.render(entry(), '/menu?search=forever', options);
    // Handled now: it fails inside close(), before the expectation below reads it.
    pending.catch(() => undefined);
    await closing.close();
    await expect(pending).rejects.toThrow('the render threads are stopped');
    await expect(closing.render(entry(), '/menu', options)).rejects.toThrow(
      'the render threads are stopped',
    );
  });
});
