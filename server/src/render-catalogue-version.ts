// The catalogue's version (issue 27, ADR-0054): a number each write to what a public page shows
// (products and their stock, news, events, spaces, promos) moves on. A rendered page's cache key and
// ETag include it, so a page rendered before a change is neither served again nor confirmed by a 304.
import type { Db } from './db';

/** Per database, not per process: two servers in one process (the tests) each count their own. */
const versions = new WeakMap<Db, number>();

/** Call after a write that changes what a public page shows (a line beside each such write). */
export function catalogueChanged(db: Db): void {
  versions.set(db, (versions.get(db) ?? 0) + 1);
}

export function catalogueVersion(db: Db): number {
  return versions.get(db) ?? 0;
}
