/**
 * Back after Load More (issue 18): a shopper who loaded pages 2 and 3, opened a product and
 * pressed Back sees the same items, scrolled where they were. What each menu history entry
 * showed (the machine's page and the window's scroll) is remembered here, under an id kept in
 * that entry's `history.state`; the products themselves stay in TanStack Query's cache, the one
 * owner of loaded pages. A new entry (a link to /menu, a tab change) has no id yet, so only a
 * return to an entry restores anything.
 */
export type MenuVisit = {
  /** The machine's page: pages 0..page were shown. */
  page: number;
  scrollY: number;
};

const STATE_KEY = 'lumenMenuEntry';
const visits = new Map<string, MenuVisit>();
let nextId = 1;

function currentEntryId(): string | null {
  // A page rendered on the server is nobody's return.
  if (typeof window === 'undefined') return null;
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Record<string, unknown>)[STATE_KEY];
  return typeof id === 'string' ? id : null;
}

/**
 * The current history entry's id, given one if it has none. The menu restores this entry's
 * scroll itself once its pages are laid out, so the browser is told not to (the setting belongs
 * to the current entry only: other pages keep the browser's own restoration).
 */
export function claimMenuEntry(): string {
  const existing = currentEntryId();
  if (existing !== null) return existing;
  const id = `${Date.now().toString(36)}-${nextId++}`;
  const state: unknown = window.history.state;
  window.history.replaceState(
    { ...(typeof state === 'object' && state !== null ? state : {}), [STATE_KEY]: id },
    '',
  );
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  return id;
}

/** What the current entry showed when the shopper left it, if they were here before. */
export function recallMenuVisit(): MenuVisit | undefined {
  const id = currentEntryId();
  return id === null ? undefined : visits.get(id);
}

export function rememberMenuVisit(entryId: string, visit: MenuVisit): void {
  visits.set(entryId, visit);
}

/**
 * The page to show first: the one the address asks for (`?page=2`, ADR-0059) or, on a return, the
 * one the shopper reached, whichever is further, but no further than the pages the cache holds
 * (none after a reload or once they were dropped: page 0).
 */
export function pageToRestore(
  visit: MenuVisit | undefined,
  cachedPages: number,
  urlPage = 0,
): number {
  const wanted = Math.max(urlPage, visit?.page ?? 0);
  return Math.max(0, Math.min(wanted, cachedPages - 1));
}
