import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, ROBOTS_DISALLOW, sitemap } from '../entry-server';
import { buildPath, paths, routePatterns, type RouteName } from '../lib/paths';
import { ROUTE_NAMES, ROUTE_TABLE, routeAt } from './route-table';

/** A sample address for each route, built by its path builder (ids as the shop uses them). */
const SAMPLE: Record<RouteName, string> = {
  home: paths.home(),
  menu: paths.menu(),
  productDetail: paths.productDetail(3),
  news: paths.news(),
  newsDetail: paths.newsDetail(12),
  community: paths.community(),
  spaces: paths.spaces(),
  cart: paths.cart(),
  completedCheckout: paths.completedCheckout('42'),
  signIn: paths.signIn(),
  register: paths.register(),
  account: paths.account(),
  accountAddress: paths.accountAddress(),
  accountSetting: paths.accountSetting(),
  authCallback: paths.authCallback(),
};

describe('the route table (ADR-0051)', () => {
  it('has a row for every route of spec §2, in the order the router tries them', () => {
    expect(ROUTE_NAMES).toEqual(Object.keys(routePatterns));
  });

  it('builds each address so that wouter matches it to its own route, params and all', () => {
    expect(SAMPLE.productDetail).toBe('/menu/detail/3');
    expect(SAMPLE.newsDetail).toBe('/news/12');
    expect(SAMPLE.completedCheckout).toBe('/completed-checkout/42');
    for (const name of ROUTE_NAMES) {
      expect(routeAt(SAMPLE[name])?.name, SAMPLE[name]).toBe(name);
    }
    expect(routeAt(SAMPLE.productDetail)?.params).toMatchObject({ productId: '3' });
    expect(routeAt(SAMPLE.newsDetail)?.params).toMatchObject({ newId: '12' });
    expect(routeAt(SAMPLE.completedCheckout)?.params).toMatchObject({ orderId: '42' });
  });

  it('matches as the router does: a trailing slash is the same page, an unknown address none', () => {
    expect(routeAt('/menu/')?.name).toBe('menu');
    expect(routeAt('/menu/detail/3/')?.name).toBe('productDetail');
    expect(routeAt('/menu/detail')).toBeNull();
    expect(routeAt('/menu/detail/3/reviews')).toBeNull();
    expect(routeAt('/nowhere')).toBeNull();
  });

  it('encodes a value as one path segment', () => {
    expect(buildPath('/completed-checkout/:orderId', 'a/b c')).toBe(
      '/completed-checkout/a%2Fb%20c',
    );
    expect(routeAt(buildPath('/completed-checkout/:orderId', 'a/b'))?.name).toBe(
      'completedCheckout',
    );
  });

  it('types each path builder by its pattern', () => {
    // @ts-expect-error a product page needs its id
    expect(() => paths.productDetail()).not.toThrow();
    // @ts-expect-error the menu takes none
    expect(paths.menu(3)).toBe('/menu');
  });

  it('names each page by the module its component comes from', async () => {
    for (const name of ROUTE_NAMES) {
      const { page } = ROUTE_TABLE[name];
      const file = fileURLToPath(new URL(`../../${page.source}`, import.meta.url));
      const fromSource: Record<string, unknown> = await import(/* @vite-ignore */ file);
      // The module the row loads is the one its source path names...
      expect(await page.load(), `${name}: ${page.source}`).toBe(fromSource);
      // ...and the page shown comes from it (a lazy page renders that module's component).
      if ('preload' in page.Page) await page.Page.preload?.();
      else expect(Object.values(fromSource), name).toContain(page.Page);
    }
  });

  it('keeps the account pages behind a session and renders only the public pages on the server', () => {
    const byAccess = (access: string) =>
      ROUTE_NAMES.filter((name) => ROUTE_TABLE[name].access === access);
    expect(byAccess('private')).toEqual(['account', 'accountAddress', 'accountSetting']);
    expect(PUBLIC_ROUTES.map((route) => route.name)).toEqual([
      'home',
      'menu',
      'productDetail',
      'news',
      'newsDetail',
      'community',
      'spaces',
    ]);
    expect(PUBLIC_ROUTES.find((route) => route.name === 'productDetail')).toEqual({
      name: 'productDetail',
      pattern: '/menu/detail/:productId',
      module: 'src/features/product/product-page.tsx',
    });
  });

  it('keeps robots out of the API and of every page that is not public', () => {
    expect(ROBOTS_DISALLOW).toEqual([
      '/api/',
      '/cart',
      '/completed-checkout/',
      '/sign-in',
      '/register',
      '/account',
      '/auth/callback',
    ]);
  });
});

describe('the sitemap the route modules write (issue 19 rules)', () => {
  const facts = {
    products: [
      { id: 1, changed: '2026-11-01T10:00:00.000Z' },
      { id: 2, changed: '2026-11-20T10:00:00.000Z' },
      { id: 3, changed: null },
    ],
    news: [
      { id: 9, changed: '2026-11-10T08:00:00.000Z' },
      { id: 8, changed: '2026-10-01T08:00:00.000Z' },
    ],
  };

  it('lists every public page in table order, each dated by the data it shows', async () => {
    expect(await sitemap(facts)).toEqual([
      // Home: the later of the menu's and the news' dates.
      { path: '/', lastmod: '2026-11-20T10:00:00.000Z' },
      // Menu: its latest product.
      { path: '/menu', lastmod: '2026-11-20T10:00:00.000Z' },
      // Each product its own; one without a date has none.
      { path: '/menu/detail/1', lastmod: '2026-11-01T10:00:00.000Z' },
      { path: '/menu/detail/2', lastmod: '2026-11-20T10:00:00.000Z' },
      { path: '/menu/detail/3' },
      // News: its latest story; each story its own, in the order given (newest first).
      { path: '/news', lastmod: '2026-11-10T08:00:00.000Z' },
      { path: '/news/9', lastmod: '2026-11-10T08:00:00.000Z' },
      { path: '/news/8', lastmod: '2026-10-01T08:00:00.000Z' },
      // Community and spaces: no date.
      { path: '/community' },
      { path: '/spaces' },
    ]);
  });

  it('dates home by the news when the news is newer, and leaves undated what has no data', async () => {
    const newer = { products: facts.products.slice(0, 1), news: facts.news };
    expect((await sitemap(newer))[0]).toEqual({ path: '/', lastmod: '2026-11-10T08:00:00.000Z' });
    const empty = await sitemap({ products: [], news: [] });
    expect(empty).toEqual([
      { path: '/' },
      { path: '/menu' },
      { path: '/news' },
      { path: '/community' },
      { path: '/spaces' },
    ]);
  });
});
