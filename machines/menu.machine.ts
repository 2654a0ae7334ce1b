import { and, assign, cancel, fromCallback, raise, sendTo, setup } from 'xstate';
import type { components } from '../contract/schema';

/**
 * The menu's flow (spec §4 "Menu"): which category, search, price filter and sort the shopper
 * chose, and how many pages they asked for. The products themselves live in TanStack Query's
 * cache, keyed by the filters; the machine never holds them.
 *
 * Server inputs come from provided actors (the seam of issue 17), supplied with `provide()` where
 * the feature creates the actor:
 * - `menuPages` (invoked with the filters, restarted on every change of them) watches the query
 *   cache for those filters and reports what it holds, page by page, as `menu.pagesLoaded`
 *   (counts only), or `menu.loadFailed`. It obeys `menu.fetchNextPage` (fetch the page after the
 *   last one cached) and `menu.retry` (fetch the first page again).
 * - `urlChanges` reports the address bar's filters after start (back/forward, a link to the
 *   menu) as `menu.urlChanged`.
 *
 * One owner of pagination: this machine. Whether a next page exists (`hasMorePages`: the page
 * shown is not the last of `totalPages`) and whether Load More shows (`everythingShown`: fewer
 * distinct products shown than `totalElements`) are decided here only; the infinite query just
 * numbers the page after the last one (`getNextPageParam`) and fetches it when asked.
 *
 * Effects are named stubs, supplied with `provide()`:
 * - `writeUrl({ filters, page, history })` puts the filters, and the pages shown, in the address
 *   bar. The URL is the source of truth: the view seeds the machine from it and `urlChanges`
 *   reports back/forward, which never writes the URL again. The address is also what the menu's
 *   links say before the app runs (ADR-0059): a tab's link, Load More's (`?page=2`), so the
 *   machine writes the same address after a tap as the link would have opened.
 */

/** The contract's product categories (a type-only import: machines/ holds no runtime contract). */
export type MenuCategory = components['schemas']['Category'];
export const MENU_CATEGORIES: readonly MenuCategory[] = [
  'coffee_baverage',
  'food_snack',
  'at_home',
];

/** Spec §9: all, under 10 (maxPrice 10), under 6 (maxPrice 6). */
export type PriceFilter = 'all' | 'under10' | 'under6';
export const PRICE_FILTERS: readonly PriceFilter[] = ['all', 'under10', 'under6'];

/** Spec §9: all (createdAt asc), best_selling (quantity asc), price_asc, price_desc. */
export type SortOption = 'all' | 'best_selling' | 'price_asc' | 'price_desc';
export const SORT_OPTIONS: readonly SortOption[] = [
  'all',
  'best_selling',
  'price_asc',
  'price_desc',
];

export type MenuFilters = {
  category: MenuCategory;
  /** The committed search, the one the results are for (not what is being typed). */
  search: string;
  price: PriceFilter;
  sort: SortOption;
};

export const DEFAULT_MENU_FILTERS: MenuFilters = {
  category: 'coffee_baverage',
  search: '',
  price: 'all',
  sort: 'all',
};

/** What the query cache holds for one page of the current filters (never the products). */
export type MenuPageSummary = {
  /** Distinct products among pages 0..this one (spec §4: pages are merged by productId). */
  itemsSoFar: number;
  totalElements: number;
  totalPages: number;
};

/** Commands the machine sends its `menuPages` actor. */
export type MenuPagesCommand = { type: 'menu.fetchNextPage' } | { type: 'menu.retry' };

export type MenuPagesInput = { filters: MenuFilters };

export type MenuContext = {
  filters: MenuFilters;
  /** What the search box holds; committed to `filters.search` after `debounceMs` of quiet. */
  searchText: string;
  /** The last page asked for: pages 0..page are shown. */
  page: number;
  /** What the cache holds for the filters, page by page; empty until the first report. */
  pages: readonly MenuPageSummary[];
  debounceMs: number;
};

export type MenuInput = {
  filters: MenuFilters;
  debounceMs: number;
  /**
   * Pages 0..page are shown from the start: a shopper back on a menu entry they had loaded
   * further (Back after Load More) sees those pages again. The view passes only pages the query
   * cache still holds. Default 0.
   */
  page?: number;
  /**
   * What the query cache already holds for these filters (a page rendered on the server arrives
   * with its first page): the machine starts from it, showing what the HTML shows (Load More
   * included), instead of loading. Default: nothing yet.
   */
  pages?: MenuPageSummary[];
};

export type UrlHistory = 'push' | 'replace';

export type MenuEvent =
  | { type: 'menu.selectCategory'; category: MenuCategory }
  /** The pointer of an empty search to another tab that has matches: that tab, search kept. */
  | { type: 'menu.followMatches'; category: MenuCategory }
  | { type: 'menu.typeSearch'; text: string }
  | { type: 'menu.submitSearch' }
  | { type: 'menu.commitSearch' }
  | { type: 'menu.setPrice'; price: PriceFilter }
  | { type: 'menu.setSort'; sort: SortOption }
  | { type: 'menu.resetFilters' }
  | { type: 'menu.loadMore' }
  | { type: 'menu.retry' }
  | { type: 'menu.pagesLoaded'; pages: readonly MenuPageSummary[] }
  | { type: 'menu.loadFailed' }
  | { type: 'menu.urlChanged'; filters: MenuFilters };

const SEARCH_COMMIT_ID = 'menu.searchCommit';

function sameFilters(a: MenuFilters, b: MenuFilters): boolean {
  return (
    a.category === b.category && a.search === b.search && a.price === b.price && a.sort === b.sort
  );
}

/**
 * The products of the pages shown, in page order, each product once (spec §4: new pages are
 * merged and de-duplicated by productId; an item that moved between pages stays where it was
 * first seen). Page 0 alone is the whole list, so a new first page replaces the old list.
 */
export function mergePages<T extends { productId: number }>(
  pages: readonly { items: readonly T[] }[],
): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.productId)) continue;
      seen.add(item.productId);
      merged.push(item);
    }
  }
  return merged;
}

/** What `menu.pagesLoaded` reports about the cached pages: counts only. */
export function summarisePages(
  pages: readonly {
    items: readonly { productId: number }[];
    totalElements: number;
    totalPages: number;
  }[],
): MenuPageSummary[] {
  const seen = new Set<number>();
  return pages.map((page) => {
    for (const item of page.items) seen.add(item.productId);
    return {
      itemsSoFar: seen.size,
      totalElements: page.totalElements,
      totalPages: page.totalPages,
    };
  });
}

/** The summary of the last page shown, once the cache holds it. */
function shownPage(context: MenuContext): MenuPageSummary | undefined {
  return context.pages[context.page];
}

const urlParams =
  (history: UrlHistory) =>
  ({ context }: { context: MenuContext }) => ({
    filters: context.filters,
    page: context.page,
    history,
  });

export const menuMachine = setup({
  types: {
    context: {} as MenuContext,
    events: {} as MenuEvent,
    input: {} as MenuInput,
    tags: {} as 'loading' | 'moreAvailable' | 'loadingMore',
  },
  actors: {
    menuPages: fromCallback<MenuPagesCommand, MenuPagesInput>(() => {
      throw new Error('menuMachine: provide a menuPages actor');
    }),
    urlChanges: fromCallback(() => undefined),
  },
  delays: {
    searchDebounce: ({ context }) => context.debounceMs,
  },
  actions: {
    writeUrl: (_, _params: { filters: MenuFilters; page: number; history: UrlHistory }) => {},
    applyCategory: assign(({ context, event }) => {
      if (event.type !== 'menu.selectCategory') return {};
      // A tab change also clears the search (spec §4).
      return {
        filters: { ...context.filters, category: event.category, search: '' },
        searchText: '',
      };
    }),
    // Issue 30: unlike a tab change, the pointer to another tab keeps what was searched (and the
    // price and sort): that search is what it counted there.
    applyMatchesCategory: assign(({ context, event }) => {
      if (event.type !== 'menu.followMatches') return {};
      return {
        filters: { ...context.filters, category: event.category },
        searchText: context.filters.search,
      };
    }),
    applyPrice: assign(({ context, event }) => {
      if (event.type !== 'menu.setPrice') return {};
      return { filters: { ...context.filters, price: event.price } };
    }),
    applySort: assign(({ context, event }) => {
      if (event.type !== 'menu.setSort') return {};
      return { filters: { ...context.filters, sort: event.sort } };
    }),
    applySearch: assign(({ context }) => ({
      filters: { ...context.filters, search: context.searchText.trim() },
    })),
    applyReset: assign(({ context }) => ({
      filters: { ...DEFAULT_MENU_FILTERS, category: context.filters.category },
      searchText: '',
    })),
    adoptUrl: assign(({ event }) => {
      if (event.type !== 'menu.urlChanged') return {};
      return { filters: event.filters, searchText: event.filters.search };
    }),
    recordSearchText: assign(({ event }) => {
      if (event.type !== 'menu.typeSearch') return {};
      return { searchText: event.text };
    }),
    scheduleSearchCommit: raise(
      { type: 'menu.commitSearch' },
      { id: SEARCH_COMMIT_ID, delay: 'searchDebounce' },
    ),
    commitSearchNow: raise({ type: 'menu.commitSearch' }),
    cancelSearchCommit: cancel(SEARCH_COMMIT_ID),
    startFromFirstPage: assign({ page: 0, pages: [] }),
    recordPages: assign(({ event }) => {
      if (event.type !== 'menu.pagesLoaded') return {};
      return { pages: event.pages };
    }),
    fetchNextPage: sendTo('pages', { type: 'menu.fetchNextPage' } satisfies MenuPagesCommand),
    retryFirstPage: sendTo('pages', { type: 'menu.retry' } satisfies MenuPagesCommand),
    advancePage: assign(({ context }) => ({ page: context.page + 1 })),
    stepBackPage: assign(({ context }) => ({ page: Math.max(0, context.page - 1) })),
  },
  guards: {
    isOtherCategory: ({ context, event }) =>
      (event.type === 'menu.selectCategory' || event.type === 'menu.followMatches') &&
      event.category !== context.filters.category,
    isOtherPrice: ({ context, event }) =>
      event.type === 'menu.setPrice' && event.price !== context.filters.price,
    isOtherSort: ({ context, event }) =>
      event.type === 'menu.setSort' && event.sort !== context.filters.sort,
    searchTextDiffers: ({ context }) => context.searchText.trim() !== context.filters.search,
    hasFiltersToReset: ({ context }) =>
      !sameFilters(context.filters, {
        ...DEFAULT_MENU_FILTERS,
        category: context.filters.category,
      }),
    urlDiffers: ({ context, event }) =>
      event.type === 'menu.urlChanged' && !sameFilters(event.filters, context.filters),
    // A report about fewer pages than asked for (the next page is still on its way) is not news.
    coversRequestedPage: ({ context, event }) =>
      event.type === 'menu.pagesLoaded' && event.pages.length > context.page,
    coversPage: ({ context }) => context.pages.length > context.page,
    // The cache already holds the next page (it was loaded before, on these filters).
    nextPageIsCached: ({ context }) => context.pages.length > context.page + 1,
    everythingShown: ({ context }) => {
      const shown = shownPage(context);
      return shown !== undefined && shown.itemsSoFar >= shown.totalElements;
    },
    // Load More advances only if more pages exist (spec §4).
    hasMorePages: ({ context }) => {
      const shown = shownPage(context);
      return shown !== undefined && context.page + 1 < shown.totalPages;
    },
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({
    filters: input.filters,
    searchText: input.filters.search,
    page: Math.max(0, Math.floor(input.page ?? 0)),
    pages: input.pages ?? [],
    debounceMs: input.debounceMs,
  }),
  invoke: { src: 'urlChanges' },
  initial: 'browsing',
  on: {
    'menu.typeSearch': {
      actions: ['recordSearchText', 'cancelSearchCommit', 'scheduleSearchCommit'],
    },
    'menu.submitSearch': {
      actions: ['cancelSearchCommit', 'commitSearchNow'],
    },
  },
  states: {
    // The pages of one set of filters. Every change of tab, search, price or sort enters it again
    // (spec §4: from page 0), which restarts `menuPages` on the new filters.
    browsing: {
      invoke: {
        id: 'pages',
        src: 'menuPages',
        input: ({ context }) => ({ filters: context.filters }),
      },
      initial: 'loadingFirstPage',
      on: {
        'menu.selectCategory': {
          guard: 'isOtherCategory',
          target: 'browsing',
          reenter: true,
          actions: [
            'cancelSearchCommit',
            'applyCategory',
            'startFromFirstPage',
            { type: 'writeUrl', params: urlParams('push') },
          ],
        },
        'menu.followMatches': {
          guard: 'isOtherCategory',
          target: 'browsing',
          reenter: true,
          actions: [
            'cancelSearchCommit',
            'applyMatchesCategory',
            'startFromFirstPage',
            { type: 'writeUrl', params: urlParams('push') },
          ],
        },
        'menu.setPrice': {
          guard: 'isOtherPrice',
          target: 'browsing',
          reenter: true,
          actions: [
            'applyPrice',
            'startFromFirstPage',
            { type: 'writeUrl', params: urlParams('push') },
          ],
        },
        'menu.setSort': {
          guard: 'isOtherSort',
          target: 'browsing',
          reenter: true,
          actions: [
            'applySort',
            'startFromFirstPage',
            { type: 'writeUrl', params: urlParams('push') },
          ],
        },
        'menu.commitSearch': {
          guard: 'searchTextDiffers',
          target: 'browsing',
          reenter: true,
          // Typing refines one search: replace the entry rather than stack one per pause.
          actions: [
            'applySearch',
            'startFromFirstPage',
            { type: 'writeUrl', params: urlParams('replace') },
          ],
        },
        'menu.resetFilters': {
          guard: 'hasFiltersToReset',
          target: 'browsing',
          reenter: true,
          actions: [
            'cancelSearchCommit',
            'applyReset',
            'startFromFirstPage',
            { type: 'writeUrl', params: urlParams('push') },
          ],
        },
        'menu.urlChanged': {
          guard: 'urlDiffers',
          target: 'browsing',
          reenter: true,
          actions: ['cancelSearchCommit', 'adoptUrl', 'startFromFirstPage'],
        },
        'menu.pagesLoaded': {
          guard: 'coversRequestedPage',
          target: '.checkingResults',
          actions: 'recordPages',
        },
      },
      states: {
        loadingFirstPage: {
          tags: ['loading'],
          // Started with the pages in hand (input.pages): nothing to wait for.
          always: { guard: 'coversPage', target: 'checkingResults' },
          on: { 'menu.loadFailed': 'failed' },
        },
        failed: {
          on: { 'menu.retry': { target: 'loadingFirstPage', actions: 'retryFirstPage' } },
        },
        checkingResults: {
          always: [{ guard: 'everythingShown', target: 'allShown' }, { target: 'moreAvailable' }],
        },
        moreAvailable: {
          tags: ['moreAvailable'],
          on: {
            'menu.loadMore': [
              // Back on filters loaded further before: the cache already holds the next page.
              // The address says how many pages show (`?page=2`), as Load More's link would;
              // replaced, not pushed: Back leaves the menu rather than unloading a page.
              {
                guard: and(['hasMorePages', 'nextPageIsCached']),
                target: 'checkingResults',
                actions: ['advancePage', { type: 'writeUrl', params: urlParams('replace') }],
              },
              {
                guard: 'hasMorePages',
                target: 'loadingMore',
                actions: [
                  'advancePage',
                  'fetchNextPage',
                  { type: 'writeUrl', params: urlParams('replace') },
                ],
              },
            ],
          },
        },
        loadingMore: {
          tags: ['moreAvailable', 'loadingMore'],
          on: {
            // The page that failed is asked for again on the next Load More.
            'menu.loadFailed': {
              target: 'checkingResults',
              actions: ['stepBackPage', { type: 'writeUrl', params: urlParams('replace') }],
            },
          },
        },
        allShown: {},
      },
    },
  },
});
