// The one route table (spec §2, ADR-0051). Each route of the shop: its address pattern (from
// src/lib/paths.ts, where every layer builds links), its tab title, who it is for, its page's
// module and, for a public page, the route module beside that page. The router, the browser's
// preload, the server's render, the sitemap and robots.txt all read this table and match an
// address with wouter's own matcher.
import type { ComponentType } from 'react';
import { parse as wouterParser } from 'regexparam';
import { matchRoute } from 'wouter';
import { HomePage } from '../features/home/home-page';
import { routePatterns, type RouteName } from '../lib/paths';
import type { PublicRoute } from '../lib/public-route';
import { lazyPage } from './route-error-boundary';

/**
 * Who a route is for.
 * - `public`: the same page for everyone. Rendered on the server with its data, listed in the
 *   sitemap, open to crawlers. It has a route module.
 * - `session`: the shopper's own browser session, signed in or not: the cart, the order
 *   confirmation, signing in and registering, the sign-in callback. Rendered in the browser only,
 *   and closed to crawlers (robots.txt).
 * - `private`: needs a valid, unexpired session (spec §6): the account pages, behind
 *   RequireSession. Rendered in the browser only, closed to crawlers.
 */
type Access = 'public' | 'session' | 'private';

/** A page component, loaded with the entry or on demand (then it can be loaded ahead). */
type PageComponent = ComponentType & { preload?: () => Promise<void> };

/** A route's page: the component, and its module's source path as Vite's manifest names it. */
export type PageModule = {
  /** `src/features/menu/menu-page.tsx`: the key of the page's chunk in dist/.vite/manifest.json. */
  source: string;
  Page: PageComponent;
  /** Loads the module (a page on demand); route-table.test.ts checks it is `source`. */
  load: () => Promise<unknown>;
};

/** A page in its own chunk, loaded on demand (ADR-0024). */
function pageChunk<M>(
  source: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): PageModule {
  return { source, load, Page: lazyPage(load, pick) };
}

/** A page in the entry chunk. */
function pageInEntry(
  source: string,
  Page: ComponentType,
  load: () => Promise<unknown>,
): PageModule {
  return { source, load, Page };
}

type Pattern<Name extends RouteName> = (typeof routePatterns)[Name];

/** A route row; a public page brings its route module, loaded when the server first needs it. */
type RouteRow<Name extends RouteName> = { title?: string; page: PageModule } & (
  | {
      access: 'public';
      // `unknown`: each module reads its own kind of page from the address and is handed it back.
      route: () => Promise<PublicRoute<Pattern<Name>, unknown>>;
    }
  | { access: Exclude<Access, 'public'> }
);

/**
 * What the browser's build has for a route module: the server alone loads them (to render a page
 * and write the sitemap). Each row says `import.meta.env.SSR ? … : serverOnly`, which Vite makes a
 * constant, so the client build drops the loaders and the modules (first-visit budget, ADR-0014).
 */
function serverOnly(): never {
  throw new Error('A route module is loaded by the server only (ADR-0051).');
}

/** Every route of spec §2, in the order the router tries them. */
export const ROUTE_TABLE = {
  home: {
    access: 'public',
    // In the entry chunk: where most visits start, and the first visit's budget is measured there.
    page: pageInEntry(
      'src/features/home/home-page.tsx',
      HomePage,
      () => import('../features/home/home-page'),
    ),
    route: import.meta.env.SSR
      ? () => import('../features/home/home.route').then((m) => m.homeRoute)
      : serverOnly,
  },
  menu: {
    title: 'Menu',
    access: 'public',
    page: pageChunk(
      'src/features/menu/menu-page.tsx',
      () => import('../features/menu/menu-page'),
      (m) => m.MenuPage,
    ),
    route: import.meta.env.SSR
      ? () => import('../features/menu/menu.route').then((m) => m.menuRoute)
      : serverOnly,
  },
  productDetail: {
    title: 'Product detail',
    access: 'public',
    page: pageChunk(
      'src/features/product/product-page.tsx',
      () => import('../features/product/product-page'),
      (m) => m.ProductPage,
    ),
    route: import.meta.env.SSR
      ? () => import('../features/product/product.route').then((m) => m.productRoute)
      : serverOnly,
  },
  news: {
    title: 'News',
    access: 'public',
    page: pageChunk(
      'src/features/news/news-page.tsx',
      () => import('../features/news/news-page'),
      (m) => m.NewsPage,
    ),
    route: import.meta.env.SSR
      ? () => import('../features/news/news.route').then((m) => m.newsRoute)
      : serverOnly,
  },
  newsDetail: {
    title: 'News',
    access: 'public',
    page: pageChunk(
      'src/features/news/news-detail-page.tsx',
      () => import('../features/news/news-detail-page'),
      (m) => m.NewsDetailPage,
    ),
    route: import.meta.env.SSR
      ? () => import('../features/news/news-detail.route').then((m) => m.newsDetailRoute)
      : serverOnly,
  },
  community: {
    title: 'Community',
    access: 'public',
    page: pageChunk(
      'src/features/community/community-page.tsx',
      () => import('../features/community/community-page'),
      (m) => m.CommunityPage,
    ),
    route: import.meta.env.SSR
      ? () => import('../features/community/community.route').then((m) => m.communityRoute)
      : serverOnly,
  },
  spaces: {
    title: 'Spaces',
    access: 'public',
    page: pageChunk(
      'src/features/spaces/spaces-page.tsx',
      () => import('../features/spaces/spaces-page'),
      (m) => m.SpacesPage,
    ),
    route: import.meta.env.SSR
      ? () => import('../features/spaces/spaces.route').then((m) => m.spacesRoute)
      : serverOnly,
  },
  cart: {
    title: 'My Cart',
    access: 'session',
    page: pageChunk(
      'src/features/cart/cart-page.tsx',
      () => import('../features/cart/cart-page'),
      (m) => m.CartPage,
    ),
  },
  completedCheckout: {
    title: 'Order confirmation',
    access: 'session',
    page: pageChunk(
      'src/features/order-confirmation/order-confirmation-page.tsx',
      () => import('../features/order-confirmation/order-confirmation-page'),
      (m) => m.OrderConfirmationPage,
    ),
  },
  signIn: {
    title: 'Sign in',
    access: 'session',
    page: pageChunk(
      'src/features/auth/sign-in-page.tsx',
      () => import('../features/auth/sign-in-page'),
      (m) => m.SignInPage,
    ),
  },
  register: {
    title: 'Create Your Account',
    access: 'session',
    page: pageChunk(
      'src/features/auth/register-page.tsx',
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  account: {
    title: 'My Account',
    access: 'private',
    page: pageChunk(
      'src/features/account/account-page.tsx',
      () => import('../features/account/account-page'),
      (m) => m.AccountPage,
    ),
  },
  accountAddress: {
    title: 'Address List',
    access: 'private',
    page: pageChunk(
      'src/features/account/address-list-page.tsx',
      () => import('../features/account/address-list-page'),
      (m) => m.AddressListPage,
    ),
  },
  accountSetting: {
    title: 'Change Account',
    access: 'private',
    page: pageChunk(
      'src/features/account/account-setting-page.tsx',
      () => import('../features/account/account-setting-page'),
      (m) => m.AccountSettingPage,
    ),
  },
  authCallback: {
    title: 'Signing you in',
    access: 'session',
    page: pageChunk(
      'src/features/auth/auth-callback-page.tsx',
      () => import('../features/auth/auth-callback-page'),
      (m) => m.AuthCallbackPage,
    ),
  },
} as const satisfies { readonly [Name in RouteName]: RouteRow<Name> };

export const ROUTE_NAMES = Object.keys(ROUTE_TABLE) as RouteName[];

/** The names of the public pages (rendered on the server, listed in the sitemap). */
export type PublicRouteName = {
  [Name in RouteName]: (typeof ROUTE_TABLE)[Name] extends { access: 'public' } ? Name : never;
}[RouteName];

/** wouter's default parser (regexparam's `parse`), handed to the router too: one matcher. */
export const routeParser = wouterParser;

/** The route at `pathname` and its params, as wouter's router matches it; null: none (not found). */
export function routeAt(
  pathname: string,
): { name: RouteName; params: Record<string, string> } | null {
  for (const name of ROUTE_NAMES) {
    const [matched, params] = matchRoute(routeParser, routePatterns[name], pathname);
    if (matched) return { name, params: params as Record<string, string> };
  }
  return null;
}
