// The server render's data, asked of this server in process (issue 27, ADR-0054): the render's
// API client (src/api/client.ts) takes a `fetch`, and this one hands each Request to the app's own
// request handler with a request and a response that live in memory. The call goes through
// everything an API call over HTTP goes through (routing, housekeeping, the contract's checks,
// the handler), without a socket, a port or a second parse of HTTP.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * What a render never sends: anything that would make the API answer for one shopper. The render
 * builds its own requests without them (no session, no cart); dropped here again so that a public
 * page can never be rendered with one shopper's data and then served to everyone from the cache.
 */
const PERSONAL_HEADERS = new Set(['cookie', 'authorization', 'x-cart-token', 'x-order-token']);

/** Marks a request made in process, so the API does not count it as a call from outside. */
const IN_PROCESS = Symbol('in-process call');

/** Whether `req` is a render's in-process call (render-api-first.ts counts the others). */
export function isInProcessCall(req: IncomingMessage): boolean {
  return IN_PROCESS in req;
}

/** The address the in-process calls come from, as the API's client-address rules see them. */
const LOOPBACK = '127.0.0.1';

function inMemoryRequest(request: Request, body: Buffer | null): IncomingMessage {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!PERSONAL_HEADERS.has(name)) headers[name] = value;
  });
  if (body) headers['content-length'] = String(body.length);
  return Object.assign(Readable.from(body ? [body] : []), {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers,
    httpVersion: '1.1',
    [IN_PROCESS]: true,
    socket: { remoteAddress: LOOPBACK, localAddress: LOOPBACK, localPort: 0, encrypted: false },
  }) as unknown as IncomingMessage;
}

/** The subset of ServerResponse the app's API answers use, collected into a fetch Response. */
function inMemoryResponse(
  resolve: (response: Response) => void,
  reject: (error: Error) => void,
): ServerResponse {
  const headers = new Map<string, number | string | readonly string[]>();
  const chunks: Buffer[] = [];
  let sent = false;
  const chunk = (data: unknown): void => {
    if (data === undefined || data === null) return;
    chunks.push(Buffer.isBuffer(data) ? data : Buffer.from(String(data)));
  };
  const res = {
    statusCode: 200,
    get headersSent() {
      return sent;
    },
    get writableEnded() {
      return sent;
    },
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    hasHeader: (name: string) => headers.has(name.toLowerCase()),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    writeHead(status: number, extra?: OutgoingHttpHeaders) {
      res.statusCode = status;
      for (const [name, value] of Object.entries(extra ?? {}))
        if (value !== undefined) res.setHeader(name, value);
      return res;
    },
    write(data: unknown) {
      chunk(data);
      return true;
    },
    end(data?: unknown) {
      if (sent) return res;
      chunk(typeof data === 'function' ? undefined : data);
      sent = true;
      const out = new Headers();
      for (const [name, value] of headers) {
        for (const one of Array.isArray(value) ? value : [value]) out.append(name, String(one));
      }
      const empty = res.statusCode === 204 || res.statusCode === 304;
      resolve(
        new Response(empty ? null : Buffer.concat(chunks), {
          status: res.statusCode,
          headers: out,
        }),
      );
      return res;
    },
    destroy(error?: Error) {
      if (!sent) reject(error ?? new Error('the API closed the in-process call'));
      sent = true;
      return res;
    },
    on: () => res,
    once: () => res,
  };
  return res as unknown as ServerResponse;
}

/**
 * A `fetch` that answers from `handler()` (read per call: the app is built after the renderer),
 * each call on a later turn of the event loop (`turn`).
 */
export function inProcessFetch(
  handler: () => Handler,
  turn: () => Promise<void>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const body =
      request.body && request.method !== 'GET' && request.method !== 'HEAD'
        ? Buffer.from(await request.arrayBuffer())
        : null;
    // A turn of the event loop first: without a socket the whole render would run from its first
    // request to its HTML in microtasks, and no other request (an API call, the next page, whose
    // turn it is to get the shell) would even be read meanwhile (ADR-0054).
    await turn();
    return new Promise<Response>((resolve, reject) => {
      handler()(inMemoryRequest(request, body), inMemoryResponse(resolve, reject));
    });
  };
}
