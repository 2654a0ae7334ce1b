// A shutdown (SIGTERM, Ctrl-C: main.ts) lets the requests in progress finish: an order being
// placed when the shop is stopped is placed and answered, not cut off half-way; new connections
// are refused at once; a request that never finishes is cut off after the drain time.
import { connect, type Socket } from 'node:net';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orderBody, startTestServer, type TestServer } from './test-server';

/** A POST whose headers are sent now and whose body is sent when `finish` is called. */
function slowPost(server: TestServer, path: string, body: unknown) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const socket: Socket = connect(server.port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const ended = new Promise<string>((resolveAnswer) => {
    socket.on('close', () => resolveAnswer(answer));
    socket.on('error', () => undefined);
  });
  // The server has the request (its headers) in hand: it is in progress from here on.
  const received = new Promise<void>((resolveReceived) =>
    server.server.once('request', () => resolveReceived()),
  );
  socket.write(
    `POST /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text.slice(0, half)}`,
  );
  return { received, ended, finish: () => socket.write(text.slice(half)) };
}

/** A server of its own for one test, whose database goes with it. */
async function withServer(test: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer();
  try {
    await test(server);
  } finally {
    await server.close();
    rmSync(server.dir, { recursive: true, force: true });
  }
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('shutting down', () => {
  it('an order in progress at the shutdown is placed and answered; new connections are refused', async () =>
    withServer(async (server) => {
      const order = slowPost(
        server,
        '/order',
        orderBody([{ productId: 3, quantity: 1 }], { paymentMethod: 'cod' }),
      );
      await order.received;
      const closed = server.close({ drainMs: 10_000 });
      // Another shopper's new connection is refused at once: the shop is stopping.
      await expect(fetch(`${server.url}/api/v1/products`)).rejects.toThrow();
      order.finish();
      const answer = await order.ended;
      expect(statusOf(answer), answer).toBe(201);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('"status":"PENDING"');
      await closed;
      expect(server.errors).toEqual([]);
    }));

  it('a request that never finishes is cut off after the drain time, and says so in the log', async () =>
    withServer(async (server) => {
      const stalled = slowPost(
        server,
        '/order',
        orderBody([{ productId: 4, quantity: 1 }], { paymentMethod: 'cod' }),
      );
      await stalled.received;
      await server.close({ drainMs: 200 });
      // Its connection was closed without an answer; the body never came.
      expect(statusOf(await stalled.ended)).toBe(0);
      expect(server.errors).toEqual([
        'Shutting down: 1 request(s) still in progress after 200 ms are cut off',
      ]);
    }));
});
