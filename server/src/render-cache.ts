// Rendered pages kept for a short while (issue 27, ADR-0054): least recently used first out,
// bounded in entries and in bytes, each entry for `ttlMs`. The key holds everything a page is
// rendered from (render-page-key in page-render.ts), so an entry is never served for other inputs;
// the TTL bounds what the key cannot see (an event that starts, a database reset by another process).
export type CachedPage = {
  etag: string;
  status: number;
  /** The page as sent without compression. */
  html: Buffer;
  /** The page compressed per encoding, made on first demand and kept with it. */
  encoded: Map<string, Buffer>;
};

export type RenderCacheLimits = {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
};

export type RenderCache = {
  get(key: string, now: number): CachedPage | undefined;
  set(key: string, page: CachedPage, now: number): void;
  /** An encoding added to an entry after it was stored: counted in its bytes. */
  grew(key: string, bytes: number): void;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
};

type Entry = { page: CachedPage; expiresAt: number; bytes: number };

export function createRenderCache(limits: RenderCacheLimits): RenderCache {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function evict(): void {
    for (const key of entries.keys()) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) return;
      drop(key);
    }
  }

  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.page;
    },
    set(key, page, now) {
      drop(key);
      if (limits.maxEntries <= 0 || limits.ttlMs <= 0 || page.html.length > limits.maxBytes) return;
      const size = page.html.length + [...page.encoded.values()].reduce((n, b) => n + b.length, 0);
      entries.set(key, { page, expiresAt: now + limits.ttlMs, bytes: size });
      bytes += size;
      evict();
    },
    grew(key, added) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.bytes += added;
      bytes += added;
      evict();
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
