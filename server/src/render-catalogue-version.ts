// The catalogue's version (issue 27, ADR-0054): a number each write to what a public page shows
// (products and their stock, news, events, spaces, promos) moves on. A rendered page's cache key and
// ETag include it, so a page rendered before a change is neither served again nor confirmed by a 304.
// On PostgreSQL several instances share the database (ADR-0066): a write also moves the shared
// sequence catalogue_version on once it has committed, and each instance reads that sequence
// before it looks in its render cache, so a change made through another instance is seen too.
import type { Db } from './db';

/** Per database, not per process: two servers in one process (the tests) each count their own. */
const local = new WeakMap<Db, number>();
/** The shared sequence's value as last read (PostgreSQL only). */
const shared = new WeakMap<Db, number>();

/** Await after a write that changes what a public page shows (a line beside each such write). */
export async function catalogueChanged(db: Db): Promise<void> {
  local.set(db, (local.get(db) ?? 0) + 1);
  if (db.engine !== 'postgres') return;
  // After the commit: an instance that saw the new number before it would render the old data.
  await db.afterCommit(async () => {
    await db.get("SELECT nextval('catalogue_version') AS v");
  });
}

/** Reads the shared version before a page render (PostgreSQL; SQLite has one process). */
export async function refreshCatalogueVersion(db: Db): Promise<void> {
  if (db.engine !== 'postgres') return;
  // A fresh sequence says 1 before its first nextval too (is_called tells them apart).
  const row = await db.get<{ v: number }>(
    'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM catalogue_version',
  );
  shared.set(db, Number(row?.v ?? 0));
}

/** Both counts only ever grow, so their sum moves on whenever either does. */
export function catalogueVersion(db: Db): number {
  return (local.get(db) ?? 0) + (shared.get(db) ?? 0);
}
