// The threads pages are rendered in (issue 27, ADR-0071). A render's React step is CPU in one
// block; on the server's own thread every API call that arrives meanwhile waits for it. Here each
// render runs in a worker thread (render-worker.ts) and the server's thread does only what is
// cheap: it answers the render's data requests in process, as it answers any API call, and puts
// the HTML into the page (page-render.ts). A render that takes too long has its thread stopped, and
// a thread that fails or exits is replaced on the next render; either way the renders it held
// fail, and their pages are sent as the shell, as any failed render is.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A render's request for data, as it crosses to the server's thread. */
export type WireRequest = {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
};

/** From the server's thread to a render thread. */
export type ToWorker =
  | {
      type: 'render';
      id: number;
      /** The server entry's address to import (ssr-entry.ts: one per build). */
      entry: string;
      url: string;
      apiBaseUrl: string;
      origin: string;
      /** Whether the render's data comes from this server (its requests cross back here). */
      inProcess: boolean;
    }
  | {
      type: 'answer';
      id: number;
      status: number;
      headers: [string, string][];
      body: ArrayBuffer | null;
    }
  | { type: 'answer'; id: number; error: string }
  /** Import the entry at this address now, ahead of the first render that needs it. */
  | { type: 'warm'; entry: string };

/** From a render thread to the server's thread. */
export type FromWorker =
  | { type: 'fetch'; id: number; request: WireRequest }
  | { type: 'rendered'; id: number; page: unknown }
  | { type: 'failed'; id: number; error: string };

export type RenderWorkersOptions = {
  /** How many threads render (each takes several renders at once: they wait on their data). */
  threads: number;
  /** How the server answers a render's data request (render-self-fetch.ts). */
  fetch: (request: Request) => Promise<Response>;
  /** How long a render may take before its thread is stopped and the render fails. */
  timeoutMs: number;
};

export type RenderWorkers = {
  /** The server entry's `renderPage` result for `url`, rendered in a thread. */
  render(
    entry: string,
    url: string,
    options: { apiBaseUrl: string; origin: string; inProcess: boolean },
  ): Promise<unknown>;
  /**
   * Starts the first thread, if none runs, and has it import the entry at `entry`: the first
   * page after a start waits for neither (a thread's start and the entry's import are most of
   * its time).
   */
  warm(entry: string): void;
  /** Stops every thread; renders under way fail. */
  close(): Promise<void>;
};

type Waiting = { resolve(page: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout };
type Thread = { worker: Worker; renders: Map<number, Waiting> };

/**
 * A thread's first code: the server runs its TypeScript through tsx, and so does the thread (a
 * worker's own module is loaded before an `--import` in its execArgv could take it).
 */
function bootCode(): string {
  const workerUrl = new URL('./render-worker.ts', import.meta.url);
  // tsx's ESM API (its package exports the `import` build beside the `require` one).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
}

export function createRenderWorkers(options: RenderWorkersOptions): RenderWorkers {
  const threads: (Thread | null)[] = Array.from(
    { length: Math.max(1, options.threads) },
    () => null,
  );
  let nextRender = 0;
  let closed = false;

  /** Every render the thread holds fails with `reason`, and the thread's place is freed. */
  function lose(thread: Thread, reason: string): void {
    const at = threads.indexOf(thread);
    if (at >= 0) threads[at] = null;
    for (const waiting of thread.renders.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(reason));
    }
    thread.renders.clear();
  }

  async function answer(thread: Thread, id: number, wire: WireRequest): Promise<void> {
    let reply: ToWorker;
    const transfer: ArrayBuffer[] = [];
    try {
      const response = await options.fetch(
        new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body }),
      );
      const body = response.body ? await response.arrayBuffer() : null;
      if (body) transfer.push(body);
      reply = { type: 'answer', id, status: response.status, headers: [...response.headers], body };
    } catch (error) {
      reply = { type: 'answer', id, error: error instanceof Error ? error.message : String(error) };
    }
    // A thread stopped meanwhile takes no message; its renders have failed already.
    if (threads.includes(thread)) thread.worker.postMessage(reply, transfer);
  }

  function start(at: number): Thread {
    const worker = new Worker(bootCode(), {
      eval: true,
      execArgv: [],
    });
    // A thread never keeps the process alive: the server's own close stops them (close, below).
    worker.unref();
    const thread: Thread = { worker, renders: new Map() };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'fetch') {
        void answer(thread, message.id, message.request);
        return;
      }
      const waiting = thread.renders.get(message.id);
      if (!waiting) return;
      thread.renders.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.type === 'rendered') waiting.resolve(message.page);
      else waiting.reject(new Error(message.error));
    });
    worker.on('error', (error) => lose(thread, `the render thread failed: ${error.message}`));
    worker.on('exit', (code) => lose(thread, `the render thread exited (${code})`));
    threads[at] = thread;
    return thread;
  }

  /**
   * The running thread with the fewest renders under way; a new thread only when every running
   * one is busy and there is room for another (a quiet server keeps one thread).
   */
  function pick(): Thread {
    let best: Thread | null = null;
    let free = -1;
    for (let at = 0; at < threads.length; at += 1) {
      const thread = threads[at] ?? null;
      if (!thread) {
        if (free < 0) free = at;
      } else if (!best || thread.renders.size < best.renders.size) best = thread;
    }
    if (best && (best.renders.size === 0 || free < 0)) return best;
    return start(free);
  }

  return {
    render(entry, url, { apiBaseUrl, origin, inProcess }) {
      if (closed) return Promise.reject(new Error('the render threads are stopped'));
      const thread = pick();
      const id = (nextRender += 1);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          // A render stuck in its synchronous step can only be stopped with its thread.
          lose(
            thread,
            `the render took longer than ${options.timeoutMs} ms; its thread is stopped`,
          );
          void thread.worker.terminate();
        }, options.timeoutMs);
        thread.renders.set(id, { resolve, reject, timer });
        const message: ToWorker = { type: 'render', id, entry, url, apiBaseUrl, origin, inProcess };
        thread.worker.postMessage(message);
      });
    },
    warm(entry) {
      if (closed) return;
      const thread = threads.find((running) => running !== null) ?? start(0);
      const message: ToWorker = { type: 'warm', entry };
      thread.worker.postMessage(message);
    },
    async close() {
      closed = true;
      const running = threads.filter((thread): thread is Thread => thread !== null);
      for (const thread of running) lose(thread, 'the render threads are stopped');
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}
