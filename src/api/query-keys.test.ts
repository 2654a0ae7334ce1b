import { MutationObserver, QueryClient, hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys, accountQueries } from './account.queries';
import { cartKeys, cartMutations, cartQueries } from './cart.queries';
import { configureApi } from './client';
import { EVENTS_STALE_MS, eventKeys, eventQueries, newsKeys, newsQueries } from './content.queries';
import { orderKeys, orderQueries } from './orders.queries';
import { productKeys, productQueries } from './products.queries';
import type { Cart, News, NewsPage } from './types';
import { emptyCart } from '../../tests/fixtures/cart';

const cart: Cart = { ...emptyCart, cartId: 1, totalQuantity: 3 };

let queryClient: QueryClient | undefined;
afterEach(() => queryClient?.clear());

describe('query keys', () => {
  it('are stable: the same input gives an equal key and the same hash', () => {
    expect(productKeys.search({ category: 'food_snack', page: 0, size: 8 })).toEqual(
      productKeys.search({ category: 'food_snack', page: 0, size: 8 }),
    );
    // Property order must not create a second cache entry.
    expect(hashKey(productKeys.search({ page: 0, category: 'food_snack' }))).toBe(
      hashKey(productKeys.search({ category: 'food_snack', page: 0 })),
    );
    expect(hashKey(productKeys.featured(4))).toBe(hashKey(productKeys.featured(4, undefined)));
  });

  it('come from the factories inside every queryOptions', () => {
    expect(productQueries.featured(4).queryKey).toEqual(productKeys.featured(4));
    expect(productQueries.detail(3).queryKey).toEqual(productKeys.detail(3));
    expect(cartQueries.detail().queryKey).toEqual(cartKeys.detail());
    expect(accountQueries.orders({ status: 'PAID' }).queryKey).toEqual(
      accountKeys.orders({ status: 'PAID' }),
    );
    expect(orderQueries.detail(7, 'ot').queryKey).toEqual(orderKeys.detail(7, 'ot'));
    expect(eventQueries.upcoming(3).queryKey).toEqual(eventKeys.upcoming(3));
  });

  it('nest under their resource so one prefix invalidates a family', () => {
    const prefixOf = (prefix: readonly unknown[], key: readonly unknown[]) =>
      prefix.every((part, i) => Object.is(part, key[i]));
    expect(prefixOf(productKeys.all, productKeys.detail(3))).toBe(true);
    expect(prefixOf(productKeys.searches(), productKeys.search({ page: 1 }))).toBe(true);
    expect(prefixOf(accountKeys.all, accountKeys.orders())).toBe(true);
    expect(prefixOf(cartKeys.all, cartKeys.promos())).toBe(true);
    expect(prefixOf(orderKeys.order(7), orderKeys.history(7))).toBe(true);
  });

  it('keep events fresh for 300 s (spec)', () => {
    expect(EVENTS_STALE_MS).toBe(300_000);
    expect(eventQueries.upcoming(3).staleTime).toBe(300_000);
    expect(eventQueries.closed().staleTime).toBe(300_000);
  });

  it('ask for the next menu page only while pages remain', () => {
    const options = productQueries.menu({ category: 'coffee_baverage', size: 8 });
    const page = (n: number) => ({ items: [], totalPages: 2, totalElements: 12, page: n, size: 8 });
    expect(options.getNextPageParam(page(0), [page(0)], 0, [0])).toBe(1);
    expect(options.getNextPageParam(page(1), [page(0), page(1)], 1, [0, 1])).toBeUndefined();
  });
});

describe('news detail', () => {
  it("starts from the list's copy of the item", () => {
    queryClient = new QueryClient();
    const item: News = {
      newId: 4,
      title: 'Workshop',
      image: '/images/news/4.svg',
      createdAt: '2026-11-21T12:00:00.000Z',
      time: '2 Min',
      description: '...',
    };
    const page: NewsPage = { items: [item], totalPages: 1, totalElements: 1, page: 0, size: 6 };
    queryClient.setQueryData(newsKeys.page({ page: 0, size: 6 }), page);
    const options = newsQueries.detail(4, queryClient);
    const placeholder = options.placeholderData as () => News | undefined;
    expect(placeholder()).toEqual(item);
  });
});

describe('cart mutations', () => {
  it('write the returned Cart into the cache without a refetch', async () => {
    const fetch = vi.fn(async () =>
      Response.json(cart, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    configureApi({ baseUrl: 'https://shop.example', fetch });
    queryClient = new QueryClient();
    const observer = new MutationObserver(queryClient, cartMutations(queryClient).addItem);
    await observer.mutate({ productId: 3, quantity: 3 });
    expect(queryClient.getQueryData(cartKeys.detail())).toEqual(cart);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
