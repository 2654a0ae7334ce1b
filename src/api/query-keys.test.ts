import { QueryClient, hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys, accountQueries } from './account.queries';
import { cartKeys, cartQueries } from './cart.queries';
import { authQueries } from './auth.queries';
import { bindApi, createApiClient } from './client';
import { listNewsSlice, type NewsSlice } from './content';
import {
  eventKeys,
  eventQueries,
  newsKeys,
  newsQueries,
  nextNewsSlice,
  spaceKeys,
  spaceQueries,
} from './content.queries';
import { orderKeys, orderQueries } from './orders.queries';
import { paymentMethodKeys } from './payment.queries';
import { productKeys, productQueries, shipMethodKeys } from './products.queries';
import type { News } from './types';

let queryClient: QueryClient | undefined;
afterEach(() => queryClient?.clear());

/** One key of every factory, each with the family (root) it belongs to. */
function everyKey(): { family: readonly unknown[]; key: readonly unknown[] }[] {
  const of = (family: readonly unknown[], keys: (readonly unknown[])[]) =>
    keys.map((key) => ({ family, key }));
  return [
    ...of(productKeys.all, [
      productKeys.featured(4),
      productKeys.featured(4, 'food_snack'),
      productKeys.search({ category: 'food_snack', page: 0, size: 8 }),
      productKeys.search({ category: 'food_snack', page: 1, size: 8 }),
      productKeys.menu({ category: 'coffee_baverage', size: 8 }),
      productKeys.related({ category: 'coffee_baverage', excludedId: 3, size: 4 }),
      productKeys.detail(3),
      productKeys.detail(4),
      productKeys.promos(3),
    ]),
    ...of(shipMethodKeys.all, [shipMethodKeys.all]),
    ...of(paymentMethodKeys.all, [paymentMethodKeys.all]),
    ...of(cartKeys.all, [cartKeys.detail(), cartKeys.promos()]),
    ...of(accountKeys.all, [
      accountKeys.user(),
      accountKeys.addresses(),
      accountKeys.orders(),
      accountKeys.orders({ status: 'PAID' }),
    ]),
    ...of(orderKeys.all, [
      orderKeys.detail(7),
      orderKeys.detail(7, 'ot'),
      orderKeys.history(7, 'ot'),
      orderKeys.detail(8, 'ot'),
    ]),
    ...of(newsKeys.all, [
      newsKeys.page({ page: 0, size: 3 }),
      newsKeys.page({ page: 1, size: 3 }),
      newsKeys.latest(3),
      newsKeys.list(3),
      newsKeys.detail(4),
    ]),
    ...of(eventKeys.all, [
      eventKeys.upcoming(3),
      eventKeys.upcoming(),
      eventKeys.closed({ page: 0, size: 4 }),
    ]),
    ...of(spaceKeys.all, [spaceKeys.all]),
  ];
}

/** Seeds a query client with data under every key and answers which keys a prefix invalidates. */
async function invalidatedBy(prefix: readonly unknown[]): Promise<string[]> {
  const client = new QueryClient();
  queryClient = client;
  for (const { key } of everyKey()) client.setQueryData(key, 'seeded');
  await client.invalidateQueries({ queryKey: prefix, refetchType: 'none' });
  return client
    .getQueryCache()
    .findAll({ stale: true })
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryHash)
    .sort();
}

const hashes = (keys: (readonly unknown[])[]) => keys.map((key) => hashKey(key)).sort();

describe('query keys', () => {
  it('are distinct for distinct inputs, so two requests never share a cache entry', () => {
    const all = everyKey().map(({ key }) => hashKey(key));
    expect(new Set(all).size).toBe(all.length);
  });

  it('hash the same whatever the order of their parameters or an explicit undefined', () => {
    expect(hashKey(productKeys.search({ page: 0, category: 'food_snack' }))).toBe(
      hashKey(productKeys.search({ category: 'food_snack', page: 0 })),
    );
    expect(hashKey(productKeys.featured(4))).toBe(hashKey(productKeys.featured(4, undefined)));
    expect(hashKey(orderKeys.detail(7))).toBe(hashKey(orderKeys.detail(7, null)));
  });

  it('put every read that depends on who asks under a root the identity rule resets (README, decision 26)', () => {
    // The roots as the decision names them (the cart and its promos, the account, orders), not
    // as the factories spell them: a query that moves out from under them fails here.
    const decisionRoots = [['cart'], ['account'], ['orders']];
    const scoped = (key: readonly unknown[]) =>
      decisionRoots.some((root) => root.every((part, index) => key[index] === part));
    const whoAsksMatters = [
      cartQueries.detail(),
      cartQueries.promos(),
      accountQueries.user(),
      accountQueries.addresses(),
      accountQueries.orders({ status: 'PAID' }),
      orderQueries.detail(7, 'ot'),
      orderQueries.history(7),
    ];
    for (const { queryKey } of whoAsksMatters)
      expect(scoped(queryKey), hashKey(queryKey)).toBe(true);
    // The catalogue and the content are the same for everyone: a sign-in must not refetch them.
    const sameForEveryone = [
      productQueries.featured(4),
      productQueries.detail(3),
      productQueries.menu({ category: 'coffee_baverage' }),
      productQueries.shipMethods(),
      newsQueries.latest(3),
      eventQueries.upcoming(3),
      spaceQueries.all(),
      authQueries.providers(),
    ];
    for (const { queryKey } of sameForEveryone) {
      expect(scoped(queryKey), hashKey(queryKey)).toBe(false);
    }
  });

  it("key a guest's order by its order token, which decides the answer (404 without it)", () => {
    const detail = (token?: string) => hashKey(orderQueries.detail(7, token).queryKey);
    const history = (token?: string) => hashKey(orderQueries.history(7, token).queryKey);
    expect(new Set([detail('ot-a'), detail('ot-b'), detail()]).size).toBe(3);
    expect(new Set([history('ot-a'), history('ot-b'), history()]).size).toBe(3);
  });

  it("invalidating a resource's root reaches its whole family and nothing else", async () => {
    const families = new Map<readonly unknown[], (readonly unknown[])[]>();
    for (const { family, key } of everyKey()) {
      families.set(family, [...(families.get(family) ?? []), key]);
    }
    for (const [family, keys] of families) {
      expect(await invalidatedBy(family)).toEqual(hashes(keys));
    }
  });

  it('a narrower prefix reaches only its branch', async () => {
    expect(await invalidatedBy(productKeys.searches())).toEqual(
      hashes([
        productKeys.search({ category: 'food_snack', page: 0, size: 8 }),
        productKeys.search({ category: 'food_snack', page: 1, size: 8 }),
      ]),
    );
    // One order, whatever token it was read with; not another order.
    expect(await invalidatedBy(orderKeys.order(7))).toEqual(
      hashes([orderKeys.detail(7), orderKeys.detail(7, 'ot'), orderKeys.history(7, 'ot')]),
    );
    expect(await invalidatedBy(accountKeys.orderLists())).toEqual(
      hashes([accountKeys.orders(), accountKeys.orders({ status: 'PAID' })]),
    );
    expect(await invalidatedBy(cartKeys.detail())).toEqual(hashes([cartKeys.detail()]));
  });

  it('keep events fresh for 300 s (spec): no request before, one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const fetch = vi.fn(async () => Response.json([]));
      queryClient = bindApi(
        new QueryClient(),
        createApiClient({ baseUrl: 'https://shop.example', fetch }),
      );
      const freshFor300s = async (fetchIt: () => Promise<unknown>) => {
        fetch.mockClear();
        await fetchIt();
        expect(fetch).toHaveBeenCalledTimes(1);
        vi.setSystemTime(Date.now() + 299_000);
        await fetchIt();
        expect(fetch).toHaveBeenCalledTimes(1);
        vi.setSystemTime(Date.now() + 2_000);
        await fetchIt();
        expect(fetch).toHaveBeenCalledTimes(2);
      };
      const client = queryClient;
      await freshFor300s(() => client.fetchQuery(eventQueries.upcoming(3)));
      await freshFor300s(() => client.fetchQuery(eventQueries.closed()));
    } finally {
      vi.useRealTimers();
    }
  });

  it('number the next menu page after the last one (the menu machine decides whether to ask)', () => {
    const options = productQueries.menu({ category: 'coffee_baverage', size: 8 });
    const page = (n: number) => ({ items: [], totalPages: 2, totalElements: 12, page: n, size: 8 });
    expect(options.getNextPageParam(page(0), [page(0)], 0, [0])).toBe(1);
    expect(options.getNextPageParam(page(1), [page(0), page(1)], 1, [0, 1])).toBe(2);
  });
});

const newsItem = (newId: number): News => ({
  newId,
  title: `News ${newId}`,
  image: `/images/news/${newId}.svg`,
  createdAt: '2026-11-21T12:00:00.000Z',
  time: '2 Min',
  description: '...',
});

describe('news detail', () => {
  it("starts from the Load More list's copy of the item", () => {
    queryClient = new QueryClient();
    const slices: NewsSlice[] = [
      { items: [newsItem(9), newsItem(8)], totalCount: 4 },
      { items: [newsItem(7), newsItem(4)], totalCount: 4 },
    ];
    queryClient.setQueryData(newsKeys.list(2), { pages: slices, pageParams: [0, 1] });
    const initial = newsQueries.detail(4, queryClient).initialData as () => News | undefined;
    expect(initial()).toEqual(newsItem(4));
  });

  it("starts from the home teaser's copy, and has none for an item no list holds", () => {
    queryClient = new QueryClient();
    queryClient.setQueryData(newsKeys.latest(3), [newsItem(9), newsItem(8), newsItem(7)]);
    const hit = newsQueries.detail(8, queryClient).initialData as () => News | undefined;
    const miss = newsQueries.detail(2, queryClient).initialData as () => News | undefined;
    expect(hit()).toEqual(newsItem(8));
    expect(miss()).toBeUndefined();
  });

  it('counts the copy as fetched when its list was, so a fresh list means no request', async () => {
    const fetch = vi.fn(async () => Response.json(newsItem(8)));
    queryClient = bindApi(
      new QueryClient(),
      createApiClient({ baseUrl: 'https://shop.example', fetch }),
    );
    queryClient.setQueryData(newsKeys.latest(3), [newsItem(9), newsItem(8)]);
    const item = await queryClient.ensureQueryData(newsQueries.detail(8, queryClient));
    expect(item).toEqual(newsItem(8));
    await queryClient.fetchQuery(newsQueries.detail(8, queryClient));
    expect(fetch).not.toHaveBeenCalled();
    // No list holds item 2: it is fetched by id.
    await queryClient.fetchQuery(newsQueries.detail(2, queryClient));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('news list', () => {
  const slice = (ids: number[], totalCount: number | undefined): NewsSlice => ({
    items: ids.map(newsItem),
    totalCount,
  });

  it('asks for another slice until X-Total-Count items are loaded', () => {
    const first = slice([9, 8, 7], 9);
    const second = slice([6, 5, 4], 9);
    const third = slice([3, 2, 1], 9);
    expect(nextNewsSlice(3, first, [first], 0)).toBe(1);
    expect(nextNewsSlice(3, second, [first, second], 1)).toBe(2);
    // A full last slice is still the end: the count says so, no empty extra request.
    expect(nextNewsSlice(3, third, [first, second, third], 2)).toBeUndefined();
  });

  it('takes a short slice as the end when the count header is missing', () => {
    const full = slice([9, 8], undefined);
    const short = slice([7], undefined);
    expect(nextNewsSlice(2, full, [full], 0)).toBe(1);
    expect(nextNewsSlice(2, short, [full, short], 1)).toBeUndefined();
  });

  it('stops on an empty slice even if the count promised more (items deleted meanwhile)', () => {
    const first = slice([9, 8], 5);
    const empty = slice([], 5);
    expect(nextNewsSlice(2, empty, [first, empty], 1)).toBeUndefined();
  });

  it('reads the items from the body and the total from X-Total-Count', async () => {
    const fetch = vi.fn(async (request: Request) => {
      expect(new URL(request.url).search).toBe('?page=1&size=2');
      return Response.json([newsItem(7), newsItem(6)], { headers: { 'X-Total-Count': '9' } });
    });
    const api = createApiClient({ baseUrl: 'https://shop.example', fetch });
    await expect(listNewsSlice(api, { page: 1, size: 2 })).resolves.toEqual({
      items: [newsItem(7), newsItem(6)],
      totalCount: 9,
    });
  });
});
