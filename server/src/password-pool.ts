// Bounds password hashing (issue 15): a hash costs about 0.1 s of CPU and 19 MiB (argon2id; scrypt
// hashes still being verified cost 128 MiB), so at most `concurrency` run at once and at most
// `queue` wait; past that the caller is told to come back (503 with Retry-After) instead of the
// server's memory and every other shopper's sign-in paying for a burst.
import { ApiError } from './http-error';

export interface HashPoolLimits {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes waiting for a slot; one more is refused with 503. */
  queue: number;
}

export const DEFAULT_HASH_POOL: HashPoolLimits = { concurrency: 2, queue: 16 };

const BUSY_RETRY_SECONDS = 2;
const BUSY_MESSAGE = `The server is busy. Please try again in ${BUSY_RETRY_SECONDS} seconds.`;

export interface HashPool {
  /** Runs `task` when a slot is free; throws 503 SERVICE_UNAVAILABLE at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Whether a task would be refused now (lets a caller refuse before reserving anything else). */
  full(): boolean;
  /** Refuses every waiting task (shutdown): running ones finish. */
  close(): void;
  readonly active: number;
  readonly waiting: number;
}

export function busyError(): ApiError {
  return new ApiError(503, 'SERVICE_UNAVAILABLE', BUSY_MESSAGE, {
    retryAfter: BUSY_RETRY_SECONDS,
  });
}

export function createHashPool(limits: HashPoolLimits = DEFAULT_HASH_POOL): HashPool {
  let active = 0;
  let closed = false;
  const waiting: { start: () => void; refuse: (error: unknown) => void }[] = [];
  const next = (): void => {
    active -= 1;
    const queued = waiting.shift();
    if (queued) {
      active += 1;
      queued.start();
    }
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    full: () => closed || (active >= limits.concurrency && waiting.length >= limits.queue),
    run<T>(task: () => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(busyError());
      const go = async (): Promise<T> => {
        try {
          return await task();
        } finally {
          next();
        }
      };
      if (active < limits.concurrency) {
        active += 1;
        return go();
      }
      if (waiting.length >= limits.queue) return Promise.reject(busyError());
      return new Promise<T>((resolve, reject) => {
        waiting.push({ start: () => go().then(resolve, reject), refuse: reject });
      });
    },
    close() {
      closed = true;
      for (const queued of waiting.splice(0)) queued.refuse(busyError());
    },
  };
}
