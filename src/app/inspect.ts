import type { InspectionEvent, Observer } from 'xstate';

/**
 * The Stately inspector's observer, for the `inspect` option of every actor (stack.md §5).
 * Only in dev, and only when asked for (VITE_XSTATE_INSPECT=true or `?inspect` in the URL):
 * it opens a popup to stately.ai. In a production build `import.meta.env.DEV` is false, the
 * dynamic import is dead code and the inspector is not bundled at all.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const requested =
    import.meta.env.VITE_XSTATE_INSPECT === 'true' ||
    new URLSearchParams(window.location.search).has('inspect');
  if (!requested) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
