import { InfiniteQueryObserver, type QueryClient } from '@tanstack/react-query';
import { fromCallback } from 'xstate';
import {
  menuMachine,
  summarisePages,
  type MenuEvent,
  type MenuPagesCommand,
  type MenuPagesInput,
  type UrlHistory,
} from '../../../machines/menu.machine';
import { productQueries } from '../../api/products.queries';
import { paths } from '../../lib/paths';
import { menuQueryParams, menuSearchString, parseMenuSearch } from './menu-filters';

/**
 * The menu machine's `menuPages` actor: a TanStack Query observer on the menu's infinite query
 * for the filters it is started with. It keeps that query fetched (mount, refocus, staleness),
 * reports what the cache holds as counts (`menu.pagesLoaded`), a first page that cannot load
 * (`menu.loadFailed`), and runs the machine's commands: `menu.fetchNextPage` (a next page that
 * fails is `menu.loadFailed` too) and `menu.retry`. The view reads the same cache entry to draw
 * the products; it fetches nothing itself.
 */
export function menuPagesActor(queryClient: QueryClient) {
  return fromCallback<MenuPagesCommand, MenuPagesInput>(({ input, sendBack, receive }) => {
    const observer = new InfiniteQueryObserver(
      queryClient,
      productQueries.menu(menuQueryParams(input.filters)),
    );
    let reportedData: unknown = undefined;
    const report = (result: ReturnType<typeof observer.getCurrentResult>) => {
      if (result.data !== undefined) {
        if (result.data === reportedData) return;
        reportedData = result.data;
        sendBack({
          type: 'menu.pagesLoaded',
          pages: summarisePages(result.data.pages),
        } satisfies MenuEvent);
      } else if (result.isError) {
        // A first page that failed, its retries over (Try again goes back to pending).
        sendBack({ type: 'menu.loadFailed' } satisfies MenuEvent);
      }
    };
    const unsubscribe = observer.subscribe(report);
    report(observer.getCurrentResult());

    receive((command) => {
      if (command.type === 'menu.retry') {
        void observer.refetch();
        return;
      }
      void observer.fetchNextPage().then((result) => {
        if (result.isFetchNextPageError) sendBack({ type: 'menu.loadFailed' } satisfies MenuEvent);
      });
    });
    return unsubscribe;
  });
}

// wouter's browser location announces its own pushState/replaceState as window events of those
// names; popstate is back/forward.
const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

/**
 * The menu machine's `urlChanges` actor: the address bar's filters after every change of the
 * location (back/forward, a link to the menu, the machine's own writes, which it ignores as
 * echoes), while the menu is the page shown. Read from `window.location`, where the app's router
 * (wouter's browser location) keeps them; a router on another location (tests' memory location)
 * reports nothing, and the machine keeps the filters it was started with.
 */
export const urlChangesActor = fromCallback(({ sendBack }) => {
  const report = () => {
    // Leaving the menu (a product card) is not a change of filters.
    if (window.location.pathname !== paths.menu()) return;
    sendBack({
      type: 'menu.urlChanged',
      filters: parseMenuSearch(window.location.search),
    } satisfies MenuEvent);
  };
  for (const name of LOCATION_EVENTS) window.addEventListener(name, report);
  return () => {
    for (const name of LOCATION_EVENTS) window.removeEventListener(name, report);
  };
});

/**
 * The menu machine with the app's effects: the URL it writes (`writeUrl`, given the search
 * string, the pages shown included, and whether to push or replace), the URL changes it hears and the pages it is fed.
 * The view creates its actor from this and only reads it through menu.selectors.ts.
 */
export function createMenuLogic({
  queryClient,
  writeUrl,
}: {
  queryClient: QueryClient;
  writeUrl: (search: string, history: UrlHistory) => void;
}) {
  return menuMachine.provide({
    actions: {
      writeUrl: (_, { filters, page, history }) =>
        writeUrl(menuSearchString(filters, page), history),
    },
    actors: {
      menuPages: menuPagesActor(queryClient),
      urlChanges: urlChangesActor,
    },
  });
}

/** The menu machine's `pages` input: what the cache holds for its filters, as the machine counts it. */
export function cachedMenuPages(pages: Parameters<typeof summarisePages>[0]) {
  return summarisePages(pages);
}
