/**
 * Focus after an in-app navigation (see the layout): when the new page's <h1> is not on screen
 * yet (its chunk or its data is still loading), the layout asks for focus here and the page's
 * PageTitle takes it as it mounts.
 */
let pending = false;
let pendingKeepsScroll = false;

export function requestRouteFocus(keepScroll = false): void {
  pending = true;
  pendingKeepsScroll = keepScroll;
}

/**
 * After requestRouteFocus(), once: the focus options to take it with; null when nobody asked.
 */
export function claimRouteFocus(): FocusOptions | null {
  const claimed = pending;
  pending = false;
  return claimed ? { preventScroll: pendingKeepsScroll } : null;
}

/**
 * Back and Forward (popstate) return to a page where the shopper was: focus moves without
 * scrolling, so the browser (or the page itself, like the menu after Load More) restores the
 * scroll position instead of jumping to the top.
 */
let traversedTo: string | null = null;
const here = () => `${window.location.pathname}${window.location.search}`;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    traversedTo = here();
  });
}

/** True once after a Back or Forward to the address now shown (not after a later link). */
export function claimHistoryTraversal(): boolean {
  const claimed = traversedTo !== null && traversedTo === here();
  traversedTo = null;
  return claimed;
}
