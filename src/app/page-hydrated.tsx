import { useEffect } from 'react';

/**
 * Marks #root (`data-hydrated`) once the page's own part works: its handlers are live. The page's
 * capture script (server/src/page-render.ts) holds taps until then and replays them, and the e2e
 * harness waits for it after opening a rendered page, as a shopper waits for a page to be ready.
 *
 * It sits inside the route's Suspense boundary (routes.tsx), not at the root: React hydrates a
 * boundary the server rendered after the rest of the page, at idle priority, about 0.4 s later on
 * the phone profile (ADR-0073). A mark at the root came before the page's buttons worked, and a tap
 * then made React hydrate the whole page in that tap's task. The route's error message carries it
 * too, so a page that fails still lets its held taps go.
 */
export function PageHydrated() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '');
  }, []);
  return null;
}
