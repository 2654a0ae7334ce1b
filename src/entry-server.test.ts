import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Space } from './api/types';
import { renderPage } from './entry-server';

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
