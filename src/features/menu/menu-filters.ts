import type { MenuFilters as MenuQueryParams } from '../../api/products.queries';
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

/** The query string for the filters ("" for the defaults), so a link restores the same view. */
export function menuSearchString(filters: MenuFilters): string {
  const params = new URLSearchParams();
  if (filters.category !== DEFAULT_MENU_FILTERS.category) params.set('category', filters.category);
  if (filters.search !== '') params.set('search', filters.search);
  if (filters.price !== DEFAULT_MENU_FILTERS.price) params.set('price', filters.price);
  if (filters.sort !== DEFAULT_MENU_FILTERS.sort) params.set('sort', filters.sort);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
