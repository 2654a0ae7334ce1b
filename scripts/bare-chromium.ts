// Debian's chromium driven over a bare DevTools pipe, for the figures of a benchmark that must be
// what a shopper's browser runs (bench:interactive, ADR-0074).
//
// Playwright enables the Runtime domain in every page it drives. With it on, V8 keeps a detailed
// stack trace of every Error a script creates, and the first trace through a function makes V8
// parse that function again for its source positions (they are not kept at compile time). React
// DOM creates five errors at the top level of its module (sentinels it throws to itself), so under
// Playwright a first visit parses React DOM's module function and the whole first-visit chunk a
// second time, in the task that evaluates them: 88 to 220 ms at 4x, against 3 to 35 ms with no
// domain enabled (docs/performance.md). A phone's browser has no inspector attached.
//
// Here a page enables only the domains the benchmark asks for, and never Runtime:
// `Runtime.evaluate` works without it. No dependency: Chromium's `--remote-debugging-pipe` reads
// commands on file descriptor 3 and writes answers and events on 4, each JSON message ended by a
// NUL byte.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/browser';

type Params = Record<string, unknown>;
type Message = {
  id?: number;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
  sessionId?: string;
};

export type BarePage = {
  /** A DevTools command to this page. */
  send(method: string, params?: Params): Promise<Params>;
  /** Calls `listener` with the parameters of each of this page's `method` events until undone. */
  on(method: string, listener: (params: Params) => void): () => void;
  /** The parameters of this page's next `method` event that `accept` takes. */
  next(method: string, accept?: (params: Params) => boolean): Promise<Params>;
  /** `expression` evaluated in the page, its value returned (JSON-serialisable values). */
  evaluate(expression: string): Promise<unknown>;
  close(): Promise<void>;
};

export type BareBrowser = {
  /** A page in a fresh browser context (no cookies, no storage, no cache): a first visit. */
  newPage(): Promise<BarePage>;
  close(): Promise<void>;
};

export async function launchBareChromium(): Promise<BareBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-chromium-'));
  const child = spawn(
    chromiumPath(),
    [...chromiumArgs, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const commands = child.stdio[3] as Writable;
  const answers = child.stdio[4] as Readable;
  const pending = new Map<
    number,
    { resolve: (result: Params) => void; reject: (e: Error) => void }
  >();
  const listeners = new Set<(message: Message) => void>();
  let lastId = 0;
  let closed: Error | null = null;

  const decoder = new StringDecoder('utf8');
  let buffer = '';
  answers.on('data', (chunk: Buffer) => {
    buffer += decoder.write(chunk);
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end)) as Message;
      buffer = buffer.slice(end + 1);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (waiting && message.id !== undefined) {
        pending.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of listeners) listener(message);
      }
    }
  });
  child.once('exit', (code) => {
    closed = new Error(`chromium exited (${String(code)})`);
    for (const waiting of pending.values()) waiting.reject(closed);
    pending.clear();
  });

  const send = (method: string, params: Params = {}, sessionId?: string) =>
    new Promise<Params>((resolve, reject) => {
      if (closed) return reject(closed);
      lastId += 1;
      pending.set(lastId, { resolve, reject });
      commands.write(`${JSON.stringify({ id: lastId, method, params, sessionId })}\0`);
    });

  return {
    async newPage() {
      const { browserContextId } = await send('Target.createBrowserContext');
      const { targetId } = await send('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      const session = String(sessionId);
      return {
        send: (method, params) => send(method, params, session),
        on(method, listener) {
          const forward = (message: Message) => {
            if (message.sessionId === session && message.method === method) {
              listener(message.params ?? {});
            }
          };
          listeners.add(forward);
          return () => listeners.delete(forward);
        },
        next: (method, accept = () => true) =>
          new Promise((resolve) => {
            const listener = (message: Message) => {
              if (message.sessionId !== session || message.method !== method) return;
              if (!accept(message.params ?? {})) return;
              listeners.delete(listener);
              resolve(message.params ?? {});
            };
            listeners.add(listener);
          }),
        async evaluate(expression) {
          const { result, exceptionDetails } = await send(
            'Runtime.evaluate',
            { expression, returnByValue: true },
            session,
          );
          if (exceptionDetails)
            throw new Error(`${expression}: ${JSON.stringify(exceptionDetails)}`);
          return (result as { value?: unknown } | undefined)?.value;
        },
        async close() {
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
    },
    async close() {
      if (!closed) {
        await send('Browser.close').catch(() => undefined);
        await new Promise((resolve) => (closed ? resolve(null) : child.once('exit', resolve)));
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
