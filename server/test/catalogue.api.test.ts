import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Schemas, type TestServer } from './test-server';

let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  expect(server.violations).toEqual([]);
  expect(server.errors).toEqual([]);
  await server.dispose();
});

type Page = Schemas['ProductPage'];

async function allProducts(): Promise<Schemas['Product'][]> {
  const res = await server.api<Page>('GET', '/products/search?size=50&sortBy=productId');
  return res.body.items;
}

describe('seeded catalogue', () => {
  it('has 36 products, 12 per category, with the seed prices and stock', async () => {
    const products = await allProducts();
    expect(products).toHaveLength(36);
    expect(products.map((p) => p.productId)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    for (const category of ['coffee_baverage', 'food_snack', 'at_home'] as const) {
      expect(products.filter((p) => p.category === category)).toHaveLength(12);
    }
    const byId = new Map(products.map((p) => [p.productId, p]));
    expect(byId.get(1)).toMatchObject({
      name: 'ristretto bianco',
      price: 5,
      oldPrice: 6,
      quantity: 9,
      isAvailableAtWeb: false,
    });
    expect(byId.get(2)).toMatchObject({ isAvailableAtWeb: false, quantity: 14 });
    expect(byId.get(33)).toMatchObject({ name: 'french press 9 cups', price: 25, quantity: 10 });
    expect(byId.get(34)).toMatchObject({ name: 'glass tea pot teiera (6 cups)', price: 13 });
    expect(products.filter((p) => !p.isAvailableAtWeb).map((p) => p.productId)).toEqual([1, 2]);
    expect(products.filter((p) => (p.oldPrice ?? 0) > p.price).map((p) => p.productId)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 23,
    ]);
  });

  it('gives every product its own description and four images, the main one by isMain', async () => {
    const products = await allProducts();
    expect(new Set(products.map((p) => p.description)).size).toBe(36);
    for (const p of products) {
      expect(p.description.length).toBeGreaterThan(60);
      expect(p.images).toHaveLength(4);
      const main = p.images.filter((i) => i.isMain);
      expect(main).toEqual([
        {
          productImageId: p.productId,
          imageUrl: `/images/products/${p.productId}-1.svg`,
          isMain: true,
        },
      ]);
      const gallery = p.images.filter((i) => !i.isMain).map((i) => i.productImageId);
      expect(gallery).toEqual([34 + p.productId * 3, 35 + p.productId * 3, 36 + p.productId * 3]);
    }
  });

  it('has news with distinct past dates, real texts and read times', async () => {
    const res = await server.api<Schemas['News'][]>('GET', '/news');
    expect(res.body).toHaveLength(9);
    const items = res.body;
    expect(new Set(items.map((n) => n.createdAt)).size).toBe(9);
    const times = items.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const n of items) {
      expect(Date.parse(n.createdAt)).toBeLessThan(Date.now());
      expect(n.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(n.time).toMatch(/^\d+ Min$/);
      expect(n.image).toBe(`/images/news/${n.newId}.svg`);
    }
    expect(items.map((n) => n.title)).toContain(
      'Visited Doesoen Sirap Coffee, The Producer of Robusta in Central Java',
    );
    expect(new Set(items.map((n) => n.description)).size).toBe(9);
  });

  it('answers the news as one array, every item without size, and counts them in X-Total-Count', async () => {
    const all = await server.api<Schemas['News'][]>('GET', '/news');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.headers.get('x-total-count')).toBe('9');
    // page is only read with size: alone it changes nothing.
    const pageAlone = await server.api<Schemas['News'][]>('GET', '/news?page=1');
    expect(pageAlone.body).toEqual(all.body);
  });

  it('slices news by page and size, newest first, with the same total on every slice', async () => {
    const all = (await server.api<Schemas['News'][]>('GET', '/news')).body;
    const slices = await Promise.all(
      [0, 1, 2, 3].map((page) => server.api<Schemas['News'][]>('GET', `/news?page=${page}&size=4`)),
    );
    expect(slices.map((s) => s.body.length)).toEqual([4, 4, 1, 0]);
    expect(slices.map((s) => s.headers.get('x-total-count'))).toEqual(['9', '9', '9', '9']);
    expect(slices.flatMap((s) => s.body.map((n) => n.newId))).toEqual(all.map((n) => n.newId));
    const first = await server.api<Schemas['News'][]>('GET', '/news?size=3');
    expect(first.body).toEqual(all.slice(0, 3));
  });

  it('refuses a size outside 1..50 with a field error', async () => {
    const zero = await server.api('GET', '/news?size=0');
    expect(zero.status).toBe(400);
    expect((await server.api('GET', '/news?size=51')).status).toBe(400);
  });

  it('reads one news item by id, and 404 for an unknown one', async () => {
    const detail = await server.api<Schemas['News']>('GET', '/news/1');
    expect(detail.body.title).toBe(
      'Visited Doesoen Sirap Coffee, The Producer of Robusta in Central Java',
    );
    expect((await server.api('GET', '/news/99')).status).toBe(404);
  });

  it('has three upcoming events (soonest first) and five closed ones', async () => {
    const upcoming = await server.api<Schemas['Event'][]>('GET', '/events/upcoming');
    expect(upcoming.body.map((e) => e.eventId)).toEqual([3, 2, 1]);
    const days = upcoming.body.map((e) => Math.round((Date.parse(e.startDate) - Date.now()) / DAY));
    expect(days).toEqual([7, 21, 45]);
    expect(upcoming.body[2]).toMatchObject({
      name: 'latte art workshop',
      duration: '02:00:00',
      image: '/images/events/1.svg',
    });
    const closed = await server.api<Schemas['Event'][]>('GET', '/events/closed');
    expect(closed.body.map((e) => e.eventId)).toEqual([8, 7, 6, 5, 4]);
    expect(closed.body.every((e) => Date.parse(e.startDate) < Date.now())).toBe(true);
    expect((await server.api<unknown[]>('GET', '/events/closed?size=2&page=1')).body).toHaveLength(
      2,
    );
  });

  it('has the nine spaces with corrected spelling', async () => {
    const res = await server.api<Schemas['Space'][]>('GET', '/spaces');
    expect(res.body).toHaveLength(9);
    expect(res.body[6]).toEqual({
      spaceId: 7,
      name: 'rooftop',
      type: 'workspace',
      image: '/images/spaces/7.svg',
      width: 1600,
      height: 900,
    });
    expect(res.body[7]).toMatchObject({ name: 'humble space', type: 'meeting space' });
  });

  it('has the four ship methods', async () => {
    const res = await server.api<Schemas['ShipMethod'][]>('GET', '/ship-methods');
    expect(res.body.map((m) => [m.methodId, m.methodName, m.code, m.price])).toEqual([
      [1, 'Free Shipping', 'F', 0],
      [2, 'Standard Shipping', 'S', 3.99],
      [3, 'Express Shipping', 'E', 6.99],
      [4, 'Instant Delivery', 'I', 9.99],
    ]);
  });

  it('has three current promos, two expired last year and one not started', async () => {
    const res = await server.api<Schemas['ProductPromos']>('GET', '/products/17/promos'); // eligible for 1, 2 and 3
    expect(res.body.availablePromos.map((p) => p.code)).toEqual([
      'CASHBACK25',
      'DISKON50',
      'FREESHIP2',
    ]);
    expect(res.body.unavailablePromos.map((p) => [p.code, p.reason])).toEqual([
      ['SUMMER10', 'Promo code has expired'],
      ['HOLIDAY15', 'Promo code has expired'],
      ['NEWUSER5', 'Promo code is not available yet'],
    ]);
    const lastYear = new Date().getUTCFullYear() - 1;
    for (const p of res.body.unavailablePromos.slice(0, 2))
      expect(p.endAt?.startsWith(String(lastYear))).toBe(true);
    const cashback = res.body.availablePromos[0];
    expect(cashback).toMatchObject({ discountType: 'fixed', discountValue: 2.5, isActive: true });
    expect(Date.parse(cashback?.startAt ?? '')).toBeLessThan(Date.now() - 29 * DAY);
    expect(Date.parse(cashback?.endAt ?? '')).toBeGreaterThan(Date.now() + 59 * DAY);
    const three = await server.api<Schemas['ProductPromos']>('GET', '/products/3/promos');
    expect(three.body.availablePromos.map((p) => p.code)).toEqual(['FREESHIP2']);
    expect((await server.api('GET', '/products/999/promos')).status).toBe(404);
  });
});

describe('product queries', () => {
  it('features the first products buyable online', async () => {
    const res = await server.api<Schemas['Product'][]>('GET', '/products?size=4');
    expect(res.body.map((p) => p.productId)).toEqual([3, 4, 5, 6]);
    const home = await server.api<Schemas['Product'][]>('GET', '/products?size=2&category=at_home');
    expect(home.body.map((p) => p.productId)).toEqual([25, 26]);
  });

  it('searches by name, category, price and sort, with pages', async () => {
    const { api } = server;
    const search = await api<Page>(
      'GET',
      '/products/search?search=ICED&category=coffee_baverage&size=8&page=0',
    );
    expect(search.body.items.map((p) => p.name)).toEqual([
      'iced creamy latte',
      'iced long black',
      'iced coffee with milk',
      'iced americano',
      'vegan iced latte',
      'iced chocolate',
    ]);
    const cheap = await api<Page>('GET', '/products/search?maxPrice=6&category=at_home');
    expect(cheap.body).toMatchObject({ totalElements: 8, totalPages: 1 });
    const all = await api<Page>('GET', '/products/search?category=at_home');
    expect(all.body).toMatchObject({ totalElements: 12, totalPages: 2, page: 0, size: 8 });
    const page2 = await api<Page>('GET', '/products/search?category=at_home&page=1');
    expect(page2.body.items).toHaveLength(4);
    const beyond = await api<Page>('GET', '/products/search?category=at_home&page=5');
    expect(beyond.body).toMatchObject({ items: [], totalElements: 12 });
    const desc = await api<Page>(
      'GET',
      '/products/search?category=at_home&sortBy=price&sortDirection=desc&size=2',
    );
    expect(desc.body.items.map((p) => p.price)).toEqual([25, 20]);
    const best = await api<Page>(
      'GET',
      '/products/search?category=coffee_baverage&sortBy=quantity&sortDirection=asc&size=2',
    );
    // The out-of-stock cold brew (8) sells "best", then the cafe-only drinks.
    expect(best.body.items.map((p) => p.productId)).toEqual([8, 1]);
    const literal = await api<Page>('GET', '/products/search?search=%25');
    expect(literal.body.totalElements).toBe(0);
    const empty = await api<Page>('GET', '/products/search?search=');
    expect(empty.body.totalElements).toBe(36);
  });

  it('lists related products without the current one', async () => {
    const res = await server.api<Schemas['Product'][]>(
      'GET',
      '/products/related?category=food_snack&excludedId=13&size=4',
    );
    expect(res.body.map((p) => p.productId)).toEqual([14, 15, 16, 17]);
    const missing = await server.api('GET', '/products/related?category=food_snack');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { excludedId: 'This field is required' } });
  });

  it('answers one product or a 404, and validates the id', async () => {
    expect((await server.api<Schemas['Product']>('GET', '/products/detail/3')).body.name).toBe(
      'cappucino',
    );
    const missing = await server.api('GET', '/products/detail/999');
    expect(missing.body).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Product not found',
      path: '/api/v1/products/detail/999',
    });
    const bad = await server.api('GET', '/products/detail/-1');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { productId: 'Must be at least 1' },
    });
  });

  it('ignores a bearer token on public operations, even a broken one', async () => {
    const res = await server.api('GET', '/products/detail/3', { token: 'garbage' });
    expect(res.status).toBe(200);
  });

  it('answers health', async () => {
    const res = await server.api<Schemas['Health']>('GET', '/health');
    expect(res.body.status).toBe('ok');
  });
});
