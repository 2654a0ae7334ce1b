import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createApiClient } from './api/client';
import { AppRoot } from './app/app-root';
import {
  lcpImages,
  loadPageData,
  matchPublicPage,
  pageHeadTags,
  type PublicPage,
} from './app/page-data';
import { createQueryClient } from './app/query-client';
import { serverThemeStore } from './app/theme';
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
  page: PublicPage;
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
  const page = matchPublicPage(pathname, search);
  if (!page) return null;

  // Every page and part is loaded before the first render, so no render suspends half-way.
  await (partsLoaded ??= preloadEveryPart());
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
    const outcome = await loadPageData(queryClient, page);
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
      page,
      head: pageHeadTags(queryClient, page, outcome, origin),
      preloadImages: lcpImages(queryClient, page, outcome),
    };
  } finally {
    queryClient.clear();
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * Each public page's own module, as Vite's manifest names it: the page's boot script preloads its
 * chunk with the app's entry (after the first paint), so hydration does not wait for it.
 */
export const PAGE_MODULES: Record<PublicPage['name'], string | null> = {
  // In the entry chunk: where most visits start, and the first visit's budget is measured there.
  home: null,
  menu: 'src/features/menu/menu-page.tsx',
  productDetail: 'src/features/product/product-page.tsx',
  news: 'src/features/news/news-page.tsx',
  newsDetail: 'src/features/news/news-detail-page.tsx',
  community: 'src/features/community/community-page.tsx',
  spaces: 'src/features/spaces/spaces-page.tsx',
};
