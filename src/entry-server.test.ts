import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Space } from './api/types';
import { renderPage, routePageAt } from './entry-server';

/** A tiny API of its own: it answers `GET /api/v1/spaces` with `spaces`, after `delayMs`. */
async function spacesApi(spaces: Space[], delayMs = 0) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    setTimeout(() => {
      if (request.method === 'GET' && request.url === '/api/v1/spaces') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(spaces));
        return;
      }
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ status: 404, code: 'NOT_FOUND', message: 'Not found' }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}`, requests };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

const space = (spaceId: number, name: string): Space => ({
  spaceId,
  name,
  type: 'workspace',
  image: `/images/spaces/${spaceId}.svg`,
  width: 1600,
  height: 900,
});

/** The spaces a render's dehydrated cache holds: what the browser hydrates from. */
function cachedSpaceNames(page: Awaited<ReturnType<typeof renderPage>>): unknown {
  const query = page?.state.queries.find((entry) => entry.queryKey[0] === 'spaces');
  return (query?.state.data as Space[] | undefined)?.map((entry) => entry.name);
}

describe('server rendering (issue 26: the API client belongs to each render)', () => {
  it('renders two pages at once, each from its own API base', { timeout: 30_000 }, async () => {
    // The first API answers later, so the second render starts and ends while the first waits.
    const first = await spacesApi([space(1, 'reading nook')], 150);
    const second = await spacesApi([space(2, 'roastery loft')]);

    const [fromFirst, fromSecond] = await Promise.all([
      renderPage('/spaces', { apiBaseUrl: first.url, origin: 'https://one.example' }),
      renderPage('/spaces', { apiBaseUrl: second.url, origin: 'https://two.example' }),
    ]);

    expect(first.requests).toEqual(['GET /api/v1/spaces']);
    expect(second.requests).toEqual(['GET /api/v1/spaces']);
    expect(cachedSpaceNames(fromFirst)).toEqual(['reading nook']);
    expect(cachedSpaceNames(fromSecond)).toEqual(['roastery loft']);
    expect(fromFirst?.html).toContain('Reading Nook');
    expect(fromFirst?.html).not.toContain('Roastery Loft');
    expect(fromSecond?.html).toContain('Roastery Loft');
    expect(fromSecond?.html).not.toContain('Reading Nook');
  });
});

describe('which addresses the server renders (ADR-0051: the route table, matched by wouter)', () => {
  it('renders no page for an id that is not one, nor for a page that is not public', async () => {
    const api = await spacesApi([]);
    for (const url of [
      '/menu/detail/abc',
      '/news/0',
      '/news/x1',
      '/cart',
      '/account',
      '/nowhere',
    ]) {
      expect(
        await renderPage(url, { apiBaseUrl: api.url, origin: 'https://shop.example' }),
        url,
      ).toBeNull();
    }
    // Nothing was asked of the API: these are decided from the address alone.
    expect(api.requests).toEqual([]);
  });

  it('names the page module of every route, and whether the server renders it', () => {
    // The shell of a page the browser renders preloads that module's chunks (ADR-0060).
    expect(routePageAt('/cart')).toEqual({
      module: 'src/features/cart/cart-page.tsx',
      rendered: false,
    });
    expect(routePageAt('/account/address')?.rendered).toBe(false);
    expect(routePageAt('/menu/detail/3')).toEqual({
      module: 'src/features/product/product-page.tsx',
      rendered: true,
    });
    expect(routePageAt('/nowhere')).toBeNull();
  });

  it(
    'renders a public page at its address with a trailing slash, naming its route',
    { timeout: 30_000 },
    async () => {
      const api = await spacesApi([space(1, 'reading nook')]);
      const page = await renderPage('/spaces/', {
        apiBaseUrl: api.url,
        origin: 'https://shop.example',
      });
      expect(page?.status).toBe(200);
      expect(page?.page).toEqual({
        name: 'spaces',
        pattern: '/spaces',
        module: 'src/features/spaces/spaces-page.tsx',
      });
      expect(page?.head).toContain('<link rel="canonical" href="https://shop.example/spaces">');
    },
  );

  it(
    'answers a product that does not exist with the not-found page, kept out of the index',
    { timeout: 30_000 },
    async () => {
      // This API answers 404 to all but the spaces: the product and the popular products too.
      const api = await spacesApi([]);
      const page = await renderPage('/menu/detail/77', {
        apiBaseUrl: api.url,
        origin: 'https://shop.example',
      });
      expect(page?.status).toBe(404);
      expect(page?.hydrate).toBe(false);
      expect(page?.head).toContain('<meta name="robots" content="noindex">');
      expect(page?.head).toContain('href="https://shop.example/menu/detail/77"');
      expect(page?.preloadImages).toEqual([]);
    },
  );
});
