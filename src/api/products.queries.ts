import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getProduct,
  listFeaturedProducts,
  listProductPromos,
  listRelatedProducts,
  listShipMethods,
  searchProducts,
} from './products';
import type { Category, Id, RelatedProductsParams, SearchProductsParams } from './types';
import { apiOf } from './client';

const PRODUCT_STALE_MS = 60_000;
const SHIP_METHODS_STALE_MS = 5 * 60_000;

/** Menu filters: everything of a search except the page (the infinite query owns that). */
export type MenuFilters = Omit<SearchProductsParams, 'page'>;

export const productKeys = {
  all: ['products'] as const,
  featured: (size?: number, category?: Category) =>
    [...productKeys.all, 'featured', { size, category }] as const,
  searches: () => [...productKeys.all, 'search'] as const,
  search: (params: SearchProductsParams) => [...productKeys.searches(), params] as const,
  menus: () => [...productKeys.all, 'menu'] as const,
  menu: (filters: MenuFilters) => [...productKeys.menus(), filters] as const,
  related: (params: RelatedProductsParams) => [...productKeys.all, 'related', params] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (productId: Id) => [...productKeys.details(), productId] as const,
  promos: (productId: Id) => [...productKeys.all, 'promos', productId] as const,
};

export const shipMethodKeys = {
  all: ['ship-methods'] as const,
};

export const productQueries = {
  /** Home page: `featured(4)`. */
  featured: (size?: number, category?: Category) =>
    queryOptions({
      queryKey: productKeys.featured(size, category),
      queryFn: ({ client, signal }) =>
        listFeaturedProducts(apiOf(client), { size, category }, { signal }),
      staleTime: PRODUCT_STALE_MS,
    }),
  /** One page of the menu. */
  search: (params: SearchProductsParams) =>
    queryOptions({
      queryKey: productKeys.search(params),
      queryFn: ({ client, signal }) => searchProducts(apiOf(client), params, { signal }),
      staleTime: PRODUCT_STALE_MS,
    }),
  /**
   * The menu's pages for one set of filters (cached per category, search, price and sort, as
   * the spec asks). New filters start a new key, so page 0 replaces the list. Whether a next
   * page exists is the menu machine's decision (machines/menu.machine.ts owns pagination): this
   * only numbers the page after the last one, fetched when the machine asks for it.
   */
  menu: (filters: MenuFilters) =>
    infiniteQueryOptions({
      queryKey: productKeys.menu(filters),
      queryFn: ({ client, pageParam, signal }) =>
        searchProducts(apiOf(client), { ...filters, page: pageParam }, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last) => last.page + 1,
      staleTime: PRODUCT_STALE_MS,
    }),
  related: (params: RelatedProductsParams) =>
    queryOptions({
      queryKey: productKeys.related(params),
      queryFn: ({ client, signal }) => listRelatedProducts(apiOf(client), params, { signal }),
      staleTime: PRODUCT_STALE_MS,
    }),
  detail: (productId: Id) =>
    queryOptions({
      queryKey: productKeys.detail(productId),
      queryFn: ({ client, signal }) => getProduct(apiOf(client), productId, { signal }),
      staleTime: PRODUCT_STALE_MS,
    }),
  promos: (productId: Id) =>
    queryOptions({
      queryKey: productKeys.promos(productId),
      queryFn: ({ client, signal }) => listProductPromos(apiOf(client), productId, { signal }),
      staleTime: PRODUCT_STALE_MS,
    }),
  shipMethods: () =>
    queryOptions({
      queryKey: shipMethodKeys.all,
      queryFn: ({ client, signal }) => listShipMethods(apiOf(client), { signal }),
      staleTime: SHIP_METHODS_STALE_MS,
    }),
};
