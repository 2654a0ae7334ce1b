import { assign, cancel, raise, setup } from 'xstate';

/**
 * The menu's flow (spec §4 "Menu"): which category, search, price filter and sort the shopper
 * chose, and how many pages they asked for. The products themselves live in TanStack Query's
 * cache, keyed by the filters; the view reads that cache and reports the counts back
 * (`menu.pageLoaded`), so the machine can say whether Load More shows and whether it advances.
 *
 * Effects are named stubs, supplied with `provide()`:
 * - `writeUrl({ filters, history })` puts the filters in the address bar. The URL is the source
 *   of truth: the view seeds the machine from it and reports back/forward as `menu.urlChanged`,
 *   which never writes the URL again.
 */

// machines/ imports nothing from src/, so the contract's category values are restated here.
export type MenuCategory = 'coffee_baverage' | 'food_snack' | 'at_home';
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

/** What the view knows about the pages loaded for the current filters. */
export type MenuResults = {
  /** Pages 0..loadedPages-1 are in the cache. */
  loadedPages: number;
  /** Distinct products among the pages shown. */
  loadedItems: number;
  totalElements: number;
  totalPages: number;
};

export type MenuContext = {
  filters: MenuFilters;
  /** What the search box holds; committed to `filters.search` after `debounceMs` of quiet. */
  searchText: string;
  /** The last page asked for: pages 0..page are shown. */
  page: number;
  results: MenuResults | null;
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
};

export type UrlHistory = 'push' | 'replace';

export type MenuEvent =
  | { type: 'menu.selectCategory'; category: MenuCategory }
  | { type: 'menu.typeSearch'; text: string }
  | { type: 'menu.submitSearch' }
  | { type: 'menu.commitSearch' }
  | { type: 'menu.setPrice'; price: PriceFilter }
  | { type: 'menu.setSort'; sort: SortOption }
  | { type: 'menu.resetFilters' }
  | { type: 'menu.loadMore' }
  | ({ type: 'menu.pageLoaded' } & MenuResults)
  | { type: 'menu.loadFailed' }
  | { type: 'menu.urlChanged'; filters: MenuFilters };

const SEARCH_COMMIT_ID = 'menu.searchCommit';

export function sameFilters(a: MenuFilters, b: MenuFilters): boolean {
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

const urlParams =
  (history: UrlHistory) =>
  ({ context }: { context: MenuContext }) => ({ filters: context.filters, history });

export const menuMachine = setup({
  types: {
    context: {} as MenuContext,
    events: {} as MenuEvent,
    input: {} as MenuInput,
    tags: {} as 'loading' | 'moreAvailable' | 'loadingMore',
  },
  delays: {
    searchDebounce: ({ context }) => context.debounceMs,
  },
  actions: {
    writeUrl: (_, _params: { filters: MenuFilters; history: UrlHistory }) => {},
    applyCategory: assign(({ context, event }) => {
      if (event.type !== 'menu.selectCategory') return {};
      // A tab change also clears the search (spec §4).
      return {
        filters: { ...context.filters, category: event.category, search: '' },
        searchText: '',
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
    startFromFirstPage: assign({ page: 0, results: null }),
    recordResults: assign(({ event }) => {
      if (event.type !== 'menu.pageLoaded') return {};
      const { loadedPages, loadedItems, totalElements, totalPages } = event;
      return { results: { loadedPages, loadedItems, totalElements, totalPages } };
    }),
    advancePage: assign(({ context }) => ({ page: context.page + 1 })),
    stepBackPage: assign(({ context }) => ({ page: Math.max(0, context.page - 1) })),
  },
  guards: {
    isOtherCategory: ({ context, event }) =>
      event.type === 'menu.selectCategory' && event.category !== context.filters.category,
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
      event.type === 'menu.pageLoaded' && event.loadedPages > context.page,
    everythingShown: ({ context }) =>
      context.results !== null && context.results.loadedItems >= context.results.totalElements,
    // Load More advances only if more pages exist (spec §4).
    hasMorePages: ({ context }) =>
      context.results !== null && context.page + 1 < context.results.totalPages,
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({
    filters: input.filters,
    searchText: input.filters.search,
    page: Math.max(0, Math.floor(input.page ?? 0)),
    results: null,
    debounceMs: input.debounceMs,
  }),
  initial: 'loadingFirstPage',
  // Every change of tab, search, price or sort starts again from page 0 (spec §4).
  on: {
    'menu.selectCategory': {
      guard: 'isOtherCategory',
      target: '.loadingFirstPage',
      actions: [
        'cancelSearchCommit',
        'applyCategory',
        'startFromFirstPage',
        { type: 'writeUrl', params: urlParams('push') },
      ],
    },
    'menu.setPrice': {
      guard: 'isOtherPrice',
      target: '.loadingFirstPage',
      actions: [
        'applyPrice',
        'startFromFirstPage',
        { type: 'writeUrl', params: urlParams('push') },
      ],
    },
    'menu.setSort': {
      guard: 'isOtherSort',
      target: '.loadingFirstPage',
      actions: ['applySort', 'startFromFirstPage', { type: 'writeUrl', params: urlParams('push') }],
    },
    'menu.typeSearch': {
      actions: ['recordSearchText', 'cancelSearchCommit', 'scheduleSearchCommit'],
    },
    'menu.submitSearch': {
      actions: ['cancelSearchCommit', 'commitSearchNow'],
    },
    'menu.commitSearch': {
      guard: 'searchTextDiffers',
      target: '.loadingFirstPage',
      // Typing refines one search: replace the entry rather than stack one per pause.
      actions: [
        'applySearch',
        'startFromFirstPage',
        { type: 'writeUrl', params: urlParams('replace') },
      ],
    },
    'menu.resetFilters': {
      guard: 'hasFiltersToReset',
      target: '.loadingFirstPage',
      actions: [
        'cancelSearchCommit',
        'applyReset',
        'startFromFirstPage',
        { type: 'writeUrl', params: urlParams('push') },
      ],
    },
    'menu.urlChanged': {
      guard: 'urlDiffers',
      target: '.loadingFirstPage',
      actions: ['cancelSearchCommit', 'adoptUrl', 'startFromFirstPage'],
    },
    'menu.pageLoaded': {
      guard: 'coversRequestedPage',
      target: '.checkingResults',
      actions: 'recordResults',
    },
  },
  states: {
    loadingFirstPage: {
      tags: ['loading'],
    },
    checkingResults: {
      always: [{ guard: 'everythingShown', target: 'allShown' }, { target: 'moreAvailable' }],
    },
    moreAvailable: {
      tags: ['moreAvailable'],
      on: {
        'menu.loadMore': { guard: 'hasMorePages', target: 'loadingMore', actions: 'advancePage' },
      },
    },
    loadingMore: {
      tags: ['moreAvailable', 'loadingMore'],
      on: {
        // The page that failed is asked for again on the next Load More.
        'menu.loadFailed': { target: 'checkingResults', actions: 'stepBackPage' },
      },
    },
    allShown: {},
  },
});

export type MenuMachine = typeof menuMachine;
