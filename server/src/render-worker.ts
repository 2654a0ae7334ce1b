// The thread a page is rendered in (issue 27, ADR-0071), started by render-workers.ts. React renders
// a page in one synchronous block (about 10 ms for /menu on an idle machine, several times that on
// a busy one); here that block runs beside the server's event loop instead of on it, so an API call
// never waits for a render. The render's data still comes from the server: each request the render
// makes goes to the server's thread, which answers it in process (render-self-fetch.ts) and sends
// the answer back.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker, WireRequest } from './render-workers';

/**
 * Where the machine has fewer cores than busy threads, the API's thread comes first: this thread
 * runs at a lower priority (nice 10). Linux names a thread's own id in /proc/thread-self, and a
 * priority set on that id is the thread's alone; elsewhere the thread keeps the process's.
 */
function giveWayToTheApi(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, 10);
  } catch {
    // Not Linux, or not allowed: the same priority as the API's thread.
  }
}
giveWayToTheApi();

type Entry = {
  renderPage(url: string, options: Record<string, unknown>): Promise<unknown>;
};

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (render-workers.ts)');

/** The entry this thread imported last, by its address (a rebuild has a new one). */
let imported: { address: string; entry: Promise<Entry> } | null = null;

/** The server's answers this thread waits for, by request id. */
const answers = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
let nextRequest = 0;

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

/** A `fetch` answered by the server's thread: the render's data without a socket. */
async function serverFetch(request: Request): Promise<Response> {
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const wire: WireRequest = {
    method: request.method,
    url: request.url,
    headers: [...request.headers],
    body,
  };
  const id = (nextRequest += 1);
  return new Promise<Response>((resolve, reject) => {
    answers.set(id, { resolve, reject });
    send({ type: 'fetch', id, request: wire }, body ? [body] : []);
  });
}

/** The entry at `address`, imported once. One build at a time: an earlier build's is let go. */
function entryAt(address: string): Promise<Entry> {
  if (imported?.address !== address) {
    imported = { address, entry: import(address) as Promise<Entry> };
  }
  return imported.entry;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'answer') {
    const waiting = answers.get(message.id);
    answers.delete(message.id);
    if (!waiting) return;
    if ('error' in message) waiting.reject(new Error(message.error));
    else
      waiting.resolve(
        new Response(message.body, { status: message.status, headers: message.headers }),
      );
    return;
  }
  if (message.type === 'warm') {
    // A failed import is the first render's to report (it fails, and its page is the shell).
    entryAt(message.entry).catch(() => undefined);
    return;
  }
  const { id, entry, url, apiBaseUrl, origin, inProcess } = message;
  entryAt(entry)
    .then((server) =>
      server.renderPage(
        url,
        inProcess ? { apiBaseUrl, origin, fetch: serverFetch } : { apiBaseUrl, origin },
      ),
    )
    // A page that cannot be sent (no structured clone of it) fails like one that threw.
    .then((page) => send({ type: 'rendered', id, page }))
    .catch((error: unknown) =>
      send({ type: 'failed', id, error: error instanceof Error ? error.message : String(error) }),
    );
});
