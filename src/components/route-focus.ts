/**
 * Focus after an in-app navigation (see the layout): when the new page's <h1> is not on screen
 * yet (its chunk or its data is still loading), the layout asks for focus here and the page's
 * PageTitle takes it as it mounts.
 */
let pending = false;

export function requestRouteFocus(): void {
  pending = true;
}

/** True once after requestRouteFocus(): the caller should take focus. */
export function claimRouteFocus(): boolean {
  const claimed = pending;
  pending = false;
  return claimed;
}
