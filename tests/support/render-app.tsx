// The one render harness of view tests: the app's own query client (createQueryClient), providers,
// API set-up and router, with the API faked at the `fetch` seam by a route table keyed by the
// contract's paths (tests/support/fake-api.ts). Requests go through the real openapi-fetch client
// and its middleware, so a view meets errors exactly as the client makes them.
//
//   const { api, user } = renderApp({ path: '/menu', api: { 'GET /api/v1/products/search': page } });
//
// Pass `ui` to render one view inside the app's providers and router instead of the whole <App />.
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { onTestFinished, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { CART_TOKEN_STORAGE_KEY, createBrowserApi } from '../../src/app/api-setup';
import { App } from '../../src/app/app';
import { AppProviders } from '../../src/app/providers';
import { createQueryClient } from '../../src/app/query-client';
import { startTheme } from '../../src/app/theme';
import { SessionProvider } from '../../src/session/session';
import { runningSessionHandle } from '../../src/session/session-handle';
import { emptyCart } from '../fixtures/cart';
import { createFakeApi, type Routes } from './fake-api';

export interface RenderAppOptions {
  /** The address the app opens at. Default `/`. */
  path?: string;
  /** A signed-in shopper's token (`sessionJwt()` from tests/fixtures/jwt), or none: a guest. */
  session?: { token: string; remember?: boolean } | null;
  /**
   * The API's answers. The header always reads the cart: `GET /api/v1/cart` answers an empty one
   * unless given. Any other request without a route fails the test.
   */
  api?: Routes;
  /** One view to render inside the app's providers and router, instead of the whole app. */
  ui?: ReactElement;
  /** Runs before the first render, e.g. to seed the query cache as an earlier page left it. */
  prepare?: (queryClient: QueryClient) => void;
}

/** The origin the app believes it is served from (jsdom's page). */
const ORIGIN = 'http://localhost:3000';

export function renderApp({
  path = '/',
  session = null,
  api = {},
  ui,
  prepare,
}: RenderAppOptions = {}) {
  const theme = startTheme();
  const fake = createFakeApi({ 'GET /api/v1/cart': emptyCart, ...api });
  vi.stubGlobal('fetch', fake.fetch);
  const sessionActor = createActor(sessionMachine, {
    input: { storedToken: session?.token ?? null, remember: session?.remember ?? true },
  }).start();
  const handle = runningSessionHandle(sessionActor);
  // Born with the browser's API client, as in src/main.tsx.
  const queryClient = createQueryClient(
    createBrowserApi({
      getToken: handle.token,
      onUnauthorized: handle.unauthorized,
      baseUrl: ORIGIN,
    }),
  );
  // The app's retry policy (which failures are retried, and how often) without its back-off
  // delay: a test waits for the retry's answer, not for a clock.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retryDelay: 0 },
  });
  prepare?.(queryClient);
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  // The cart flow reads the checkout's step from the browser's own address (ADR-0057), outside
  // the memory router: it starts at the test's path, not where an earlier test of the file left it.
  window.history.replaceState(null, '', path);

  onTestFinished(() => {
    theme.stop();
    sessionActor.stop();
    queryClient.clear();
    window.localStorage.removeItem(CART_TOKEN_STORAGE_KEY);
    vi.unstubAllGlobals();
  });

  const view = render(
    <SessionProvider handle={handle}>
      <AppProviders queryClient={queryClient} theme={theme}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui ?? <App />}
        </Router>
      </AppProviders>
    </SessionProvider>,
  );
  return {
    ...view,
    /** The fake API: `api.on({...})` changes answers, `api.callsTo(route)` reads the requests. */
    api: fake,
    location,
    queryClient,
    session: sessionActor,
    // No pause between keystrokes: a loaded machine still types a field in a few milliseconds.
    user: userEvent.setup({ delay: null }),
  };
}
