// How much rendering the server does at once and how long it keeps what it rendered (issue 27,
// ADR-0054); each figure can be set from the environment (docs/server.md).
import { availableParallelism } from 'node:os';
import type { RenderCacheLimits } from './render-cache';
import type { RenderSlotLimits } from './render-slots';

export type RenderLimits = RenderSlotLimits &
  RenderCacheLimits & {
    /** Threads renders run in, beside the API's (ADR-0071); 0: renders run on the API's thread. */
    threads: number;
  };

/**
 * One render per core, a queue of two per core, a cache of a few hundred pages for 30 s, and the
 * renders in threads of their own: one per core but the API's, at least one.
 */
export function defaultRenderLimits(): RenderLimits {
  const cores = Math.max(1, availableParallelism());
  return {
    concurrency: cores,
    threads: Math.max(1, cores - 1),
    queue: 2 * cores,
    maxWaitMs: 500,
    maxEntries: 500,
    maxBytes: 32 * 1024 * 1024,
    ttlMs: 30_000,
  };
}

function count(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`not a count: ${value}`);
  return Math.floor(n);
}

/** The RENDER_* variables that are set (each one a whole number, 0 allowed). */
export function renderLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<RenderLimits> {
  const limits: Partial<RenderLimits> = {};
  const set = <K extends keyof RenderLimits>(key: K, value: number | undefined, scale = 1) => {
    if (value !== undefined) limits[key] = value * scale;
  };
  set('concurrency', count(env.RENDER_CONCURRENCY));
  set('queue', count(env.RENDER_QUEUE));
  set('maxWaitMs', count(env.RENDER_QUEUE_WAIT_MS));
  set('maxEntries', count(env.RENDER_CACHE_ENTRIES));
  set('maxBytes', count(env.RENDER_CACHE_MB), 1024 * 1024);
  set('ttlMs', count(env.RENDER_CACHE_SECONDS), 1000);
  set('threads', count(env.RENDER_THREADS));
  return limits;
}
