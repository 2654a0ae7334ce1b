import type { MenuFilters as MenuQueryParams } from '../../api/products.queries';
import type { Category, SearchProductsParams } from '../../api/types';
import { paths } from '../../lib/paths';
import {
  DEFAULT_MENU_FILTERS,
  MENU_CATEGORIES,
  PRICE_FILTERS,
  SORT_OPTIONS,
  type MenuFilters,
  type PriceFilter,
  type SortOption,
} from '../../../machines/menu.machine';

/** Spec §9: the menu shows 8 products a page. */
export const MENU_PAGE_SIZE = 8;

/** The search box waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

export const PRICE_LABELS: Record<PriceFilter, string> = {
  all: 'All prices',
  under10: 'Under $10',
  under6: 'Under $6',
};

export const SORT_LABELS: Record<SortOption, string> = {
  // D9: the spec's `all` is createdAt ascending, the shop's default order: never "Newest".
  all: 'All Items',
  best_selling: 'Best selling',
  // Short enough for a phone-width select; "lowest price first" is what the option does.
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
};

/** Spec §9: under 10 is maxPrice 10, under 6 is maxPrice 6. */
const MAX_PRICE: Record<PriceFilter, number | undefined> = {
  all: undefined,
  under10: 10,
  under6: 6,
};

/** Spec §9: all = createdAt asc, best_selling = quantity asc, price low/high. */
const SORT_PARAMS: Record<SortOption, Pick<MenuQueryParams, 'sortBy' | 'sortDirection'>> = {
  all: { sortBy: 'createdAt', sortDirection: 'asc' },
  best_selling: { sortBy: 'quantity', sortDirection: 'asc' },
  price_asc: { sortBy: 'price', sortDirection: 'asc' },
  price_desc: { sortBy: 'price', sortDirection: 'desc' },
};

/**
 * The most pages an address may ask for (`?page=`): the server renders that many at most, so a
 * hand-made `?page=10000` costs no more than a long scroll would (ADR-0059).
 */
export const MAX_URL_PAGES = 12;

/**
 * The search request for the shopper's filters: the menu query's key, so results are cached
 * per category, search, price and sort (spec §4). Absent options are left out, not sent empty.
 */
export function menuQueryParams(filters: MenuFilters): MenuQueryParams {
  const maxPrice = MAX_PRICE[filters.price];
  return {
    category: filters.category,
    size: MENU_PAGE_SIZE,
    ...SORT_PARAMS[filters.sort],
    ...(filters.search === '' ? {} : { search: filters.search }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
  };
}

/** `raw` when it is one of `values`, else `fallback` (URL parameters, select values). */
export function oneOf<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return values.find((value) => value === raw) ?? fallback;
}

/** Filters from the address bar's query string; unknown or missing values fall back to defaults. */
export function parseMenuSearch(search: string): MenuFilters {
  const params = new URLSearchParams(search);
  return {
    category: oneOf(MENU_CATEGORIES, params.get('category'), DEFAULT_MENU_FILTERS.category),
    // The contract allows 100 characters; a longer shared link is cut rather than refused.
    search: (params.get('search') ?? '').trim().slice(0, 100),
    price: oneOf(PRICE_FILTERS, params.get('price'), DEFAULT_MENU_FILTERS.price),
    sort: oneOf(SORT_OPTIONS, params.get('sort'), DEFAULT_MENU_FILTERS.sort),
  };
}

/**
 * The last page shown (0-based) that the address asks for: `?page=N` shows pages 1..N, as Load
 * More's link writes it (ADR-0059). Missing, unreadable or out of range: the first page, or
 * `MAX_URL_PAGES` at most.
 */
export function parseMenuPage(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  if (raw === null || !/^\d{1,5}$/.test(raw)) return 0;
  return Math.max(0, Math.min(Number(raw), MAX_URL_PAGES) - 1);
}

/**
 * The query string for the filters ("" for the defaults), so a link restores the same view;
 * with `page` (0-based) beyond the first, the pages to show as well (`?page=2`: two pages).
 */
export function menuSearchString(filters: MenuFilters, page = 0): string {
  const params = new URLSearchParams();
  if (filters.category !== DEFAULT_MENU_FILTERS.category) params.set('category', filters.category);
  if (filters.search !== '') params.set('search', filters.search);
  if (filters.price !== DEFAULT_MENU_FILTERS.price) params.set('price', filters.price);
  if (filters.sort !== DEFAULT_MENU_FILTERS.sort) params.set('sort', filters.sort);
  if (page > 0) params.set('page', String(Math.min(page + 1, MAX_URL_PAGES)));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The menu's address for these filters (and pages): the href of its links. */
export function menuHref(filters: MenuFilters, page = 0): string {
  return `${paths.menu()}${menuSearchString(filters, page)}`;
}

/**
 * The request that counts the matches of the filters' search in another tab (issue 30): its
 * first page of one product, whose `totalElements` is the count. The price filter applies, as it
 * will in that tab; the order does not change a count, so it is left out.
 */
export function matchCountParams(filters: MenuFilters, category: Category): SearchProductsParams {
  const maxPrice = MAX_PRICE[filters.price];
  return {
    category,
    search: filters.search,
    page: 0,
    size: 1,
    ...(maxPrice === undefined ? {} : { maxPrice }),
  };
}
