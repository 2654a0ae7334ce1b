import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createApiClient } from './api/client';
import { AppRoot } from './app/app-root';
import { createQueryClient } from './app/query-client';
import {
  loadPublicRoute,
  ROUTE_NAMES,
  ROUTE_TABLE,
  routeAt,
  type PublicRouteName,
} from './app/route-table';
import { serverThemeStore } from './app/theme';
import { renderHeadTags } from './lib/page-head';
import { routePatterns, type RouteName } from './lib/paths';
import type { SitemapEntry, SitemapFacts } from './lib/public-route';
import { serverSessionHandle } from './session/session-handle';
import { preloadEveryPart } from './ui/lazy-part';

/**
 * The server entry (issue 19, ADR-0037): the reference API renders each public page to
 * HTML on request, with its data, and sends TanStack Query's dehydrated cache along; the browser
 * hydrates that HTML from the same cache (src/main.tsx). Built by `vite build --ssr` into
 * dist-ssr/, loaded by server/src/page-render.ts.
 */
export type RenderedPage = {
  status: 200 | 404;
  /** The rendered app, for the inside of `<div id="root">`. */
  html: string;
  /** The cache the HTML was rendered from. */
  state: DehydratedState;
  /** Whether the browser hydrates the HTML (a not-found page is rendered afresh instead). */
  hydrate: boolean;
  /** The public page's route (its name, pattern and page module). */
  page: PublicRouteInfo;
  /** The page's own <head> tags: title, description, canonical, link previews, JSON-LD. */
  head: string;
  /** The images the first screen shows largest (the LCP element), fetched with the HTML. */
  preloadImages: string[];
};

export type RenderOptions = {
  /** Where the API answers (the reference API's own origin, or another backend). */
  apiBaseUrl: string;
  /** The shop's public origin, for canonical and link-preview URLs. */
  origin: string;
  /** How long a render may take before the page is sent as the plain shell instead. */
  timeoutMs?: number;
  /** How the render's API client sends its requests (the server's in-process call); else `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
};

let partsLoaded: Promise<void> | undefined;

/** The public page at `url` rendered with its data; null when `url` is not a public page. */
export async function renderPage(
  url: string,
  { apiBaseUrl, origin, timeoutMs = 5_000, fetch }: RenderOptions,
): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url, 'http://render.invalid');
  const matched = routeAt(pathname);
  const info = matched && PUBLIC_ROUTES.find((route) => route.name === matched.name);
  if (!matched || !info) return null;
  const route = await loadPublicRoute(info.name);
  // What the page reads of its address: null when it is no page after all (`/menu/detail/abc`).
  const page = route.parse(matched.params, search);
  if (page === null) return null;

  // Every page and part is loaded before the first render, so no render suspends half-way.
  await (partsLoaded ??= loadEveryPart());
  // This render's own QueryClient and API client: renders that overlap never share either
  // (entry-server.test.ts renders two at once against two APIs).
  const queryClient = createQueryClient(createApiClient({ baseUrl: apiBaseUrl, fetch }));
  // The server asks once, and renders a failure as the page shows it (a product that does not
  // exist is the not-found page), not as a load about to be retried.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  const renderErrors: unknown[] = [];
  try {
    const outcome = await route.load(queryClient, page);
    const { prelude } = await prerenderToNodeStream(
      <AppRoot
        queryClient={queryClient}
        theme={serverThemeStore()}
        session={serverSessionHandle()}
        ssrPath={pathname}
        ssrSearch={search.replace(/^\?/, '')}
      />,
      {
        signal: AbortSignal.timeout(timeoutMs),
        // Every boundary inline: React would otherwise move a large one to the end of the HTML and
        // reveal it with an inline script, which the CSP refuses and a browser without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          renderErrors.push(error);
        },
      },
    );
    // A part that threw is left to the browser by React; a page with a hole is not sent.
    if (renderErrors.length > 0)
      throw new Error(`rendering ${url} failed`, { cause: renderErrors[0] });
    return {
      status: outcome === 'found' ? 200 : 404,
      html: await readAll(prelude),
      state: dehydrate(queryClient),
      hydrate: outcome === 'found',
      page: info,
      head: renderHeadTags(route.head(queryClient, page, outcome, origin), origin),
      preloadImages: route.lcpImages?.(queryClient, page, outcome) ?? [],
    };
  } finally {
    queryClient.clear();
  }
}

/**
 * The public route modules first (they import their pages, whose parts register as they load),
 * then every part, twice: a page loaded by the first pass registers its own parts, which the
 * second loads.
 */
async function loadEveryPart(): Promise<void> {
  await Promise.all(PUBLIC_ROUTES.map((route) => loadPublicRoute(route.name)));
  await preloadEveryPart();
  await preloadEveryPart();
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** A public page's route, as the server reads it (server/src/page-render.ts, seo/sitemap.ts). */
export type PublicRouteInfo = {
  name: PublicRouteName;
  /** wouter's pattern: `/menu/detail/:productId`. */
  pattern: string;
  /**
   * The page's module as Vite's manifest names it: the page's boot script preloads its chunk
   * with the app's entry (after the first paint), so hydration does not wait for it. The home
   * page's is in the entry chunk, so the manifest lists no chunk of its own.
   */
  module: string;
};

const isPublic = (name: RouteName): name is PublicRouteName =>
  ROUTE_TABLE[name].access === 'public';

/** The public pages of the route table, in its order (ADR-0051). */
export const PUBLIC_ROUTES: readonly PublicRouteInfo[] = ROUTE_NAMES.filter(isPublic).map(
  (name) => ({ name, pattern: routePatterns[name], module: ROUTE_TABLE[name].page.source }),
);

/** The route at a path as the server reads it: its page module, and whether the server renders it. */
export type RoutePage = {
  /** The page's module as Vite's manifest names it (as PublicRouteInfo's `module`). */
  module: string;
  /** A public page, rendered here; else the browser renders it from the shell. */
  rendered: boolean;
};

/**
 * The route at `pathname`, matched as the browser's router matches it; null where no route is
 * (the browser's not-found page). For a page the browser renders, the server sends the shell with
 * that page's chunks preloaded (server/src/page-render.ts, ADR-0060).
 */
export function routePageAt(pathname: string): RoutePage | null {
  const match = routeAt(pathname);
  return match
    ? { module: ROUTE_TABLE[match.name].page.source, rendered: isPublic(match.name) }
    : null;
}

/** Every public page's sitemap entries, in the route table's order, from the catalogue's facts. */
export async function sitemap(facts: SitemapFacts): Promise<SitemapEntry[]> {
  const routes = await Promise.all(PUBLIC_ROUTES.map((route) => loadPublicRoute(route.name)));
  return routes.flatMap((route) => route.sitemapPaths(facts));
}

/**
 * What robots.txt keeps crawlers from: the API, and every route that is not public (the
 * shopper's own pages), each as its pattern up to its first `:param`; a path another one already
 * covers is left out (`/account` covers `/account/address`).
 */
export const ROBOTS_DISALLOW: readonly string[] = (() => {
  const prefixes = ROUTE_NAMES.filter((name) => !isPublic(name)).map(
    (name) => routePatterns[name].split(':')[0] ?? '',
  );
  const covered = (path: string) =>
    prefixes.some((other) => other !== path && path.startsWith(other));
  return ['/api/', ...new Set(prefixes.filter((path) => path !== '' && !covered(path)))];
})();
