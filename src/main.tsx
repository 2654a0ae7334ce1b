import { startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserApi } from './app/api-setup';
import { AppRoot } from './app/app-root';
import { preloadRoute } from './app/routes';
import { loadInspector } from './app/inspect';
import { createQueryClient } from './app/query-client';
import { startTheme } from './app/theme';
import { captureCallbackToken } from './session/callback-token';
import { bootSession } from './session/session-handle';
import './index.css';
import { ChunkLoadError } from './ui/lazy-part';

// First of all: an identity-provider token in the address bar leaves it (and the history entry)
// before anything else runs; the callback page takes it from memory.
captureCallbackToken();

/** The `<script type="application/json">` the server puts the dehydrated query cache in. */
const SERVER_STATE_ID = 'query-state';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');

// Undefined unless in dev and asked for (see inspect.ts); production never loads the inspector.
const inspect = await loadInspector();

// The app's modules were just evaluated, in one task; its start (theme, session, the server's
// cache, the page's chunk, hydration) runs in the next. On a slow phone that is two shorter tasks,
// with a frame between them for a tap, instead of one long one.
await new Promise((resolve) => setTimeout(resolve));

// Before the first render: it puts the stored theme on <html>, which an inline script would
// normally do (the CSP forbids inline scripts).
const theme = startTheme();
// The page's one QueryClient, born with its API client. The session it boots below holds the
// token; the API client reads it on every request (never before the session exists: nothing
// asks the API until the first render).
const queryClient = createQueryClient(
  createBrowserApi({
    getToken: () => session.token(),
    onUnauthorized: () => session.unauthorized(),
  }),
);
// Also before the first render, so protected routes know at once whether a session is coming.
const session = bootSession({ queryClient, inspect });

// A public page arrives rendered (issue 19): the server sent its HTML and the query cache it was
// rendered from. The cache goes in first, so the first render is that HTML and asks for nothing.
const serverState = document.getElementById(SERVER_STATE_ID)?.textContent;
if (serverState) hydrate(queryClient, JSON.parse(serverState));

// A part that could not be fetched (offline) is an expected situation with its own message and
// Retry (lazy-part.tsx), not a defect: a warning. Anything else a boundary caught is an error.
const onCaughtError = (error: unknown, info: ErrorInfo) => {
  if (error instanceof ChunkLoadError) console.warn(error, error.cause);
  else console.error(error, info.componentStack);
};
const app = <AppRoot queryClient={queryClient} theme={theme} session={session} inspect={inspect} />;

if (rootElement.dataset.ssr === 'hydrate') {
  // The page's chunk first, so hydration never stops half-way to fetch it. Not awaited at the
  // top level: that chunk imports this one, which must finish evaluating first. A failed load is
  // the route boundary's business (it offers Retry): hydrate regardless.
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      // In a transition: hydration yields to the browser between components, so the page
      // answers input while it becomes interactive (no long task for the whole tree). The page's
      // own part, inside the route's Suspense boundary, is hydrated after the rest, at idle
      // priority; it marks #root when it works (PageHydrated, ADR-0073).
      startTransition(() => {
        hydrateRoot(rootElement, app, {
          onCaughtError,
          // A hydration mismatch, with where it happened (React's default reports the error alone).
          onRecoverableError: (error, info) => console.error(error, info.componentStack),
        });
      });
    });
} else {
  createRoot(rootElement, { onCaughtError }).render(app);
}
