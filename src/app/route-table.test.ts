import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, ROBOTS_DISALLOW, sitemap } from '../entry-server';
import {
  buildPath,
  paths,
  routePatterns,
  pageComponentName,
  routeModuleOf,
  ROUTES,
  type RouteName,
} from '../lib/paths';
import {
  loadPublicRoute,
  ROUTE_NAMES,
  ROUTE_TABLE,
  routeAt,
  type PublicRouteName,
} from './route-table';

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

  it("names a page's component and route module after its file", () => {
    expect(pageComponentName('src/features/menu/menu-page.tsx')).toBe('MenuPage');
    expect(pageComponentName('src/features/account/address-list-page.tsx')).toBe('AddressListPage');
    expect(routeModuleOf('src/features/news/news-detail-page.tsx')).toBe(
      'src/features/news/news-detail.route.ts',
    );
  });

  it('types each path builder by its pattern', () => {
    // @ts-expect-error a product page needs its id
    expect(() => paths.productDetail()).not.toThrow();
    // @ts-expect-error the menu takes none
    expect(paths.menu(3)).toBe('/menu');
  });

  it('binds each row to the component its page module exports, and each public page to its route module', async () => {
    for (const name of ROUTE_NAMES) {
      const row = ROUTES[name];
      const component = pageComponentName(row.page);
      const file = fileURLToPath(new URL(`../../${row.page}`, import.meta.url));
      const fromSource: Record<string, unknown> = await import(/* @vite-ignore */ file);
      expect(fromSource[component], `${name}: ${row.page} exports ${component}`).toBeTypeOf(
        'function',
      );
      const { page } = ROUTE_TABLE[name];
      if (page.load) {
        // A page in its own chunk: the module loaded is the one the row names, and the lazy page
        // shows its component once loaded.
        expect(await page.load(), `${name}: ${row.page}`).toBe(fromSource);
        await page.Page.preload?.();
      } else {
        // A page in the entry chunk: its component itself.
        expect(page.Page, name).toBe(fromSource[component]);
      }
      // A public page has a route module beside it, exporting `route`.
      if (row.access === 'public') {
        const route = await loadPublicRoute(name as PublicRouteName);
        expect(route.sitemapPaths, `${name}: ${routeModuleOf(row.page)}`).toBeTypeOf('function');
      }
    }
  }, 60_000); // imports every page and route module: seconds of transforms on a busy machine

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
