/**
 * Who a route is for (ADR-0051).
 * - `public`: the same page for everyone. Rendered on the server with its data, listed in the
 *   sitemap, open to crawlers. It has a route module.
 * - `session`: the shopper's own browser session, signed in or not: the cart, the order
 *   confirmation, signing in and registering, the sign-in callback. Rendered in the browser only,
 *   and closed to crawlers (robots.txt).
 * - `private`: needs a valid, unexpired session (spec §6): the account pages, behind
 *   RequireSession. Rendered in the browser only, closed to crawlers.
 */
export type Access = 'public' | 'session' | 'private';

/** One row of the route table. */
type RouteRow = {
  /** wouter's pattern: `/menu/detail/:productId`. */
  readonly pattern: string;
  /** The tab title ("<title> | Lumen Roastery"); none: the brand alone. */
  readonly title?: string;
  readonly access: Access;
  /**
   * The page's module, as Vite's manifest names it. It exports the page as its name in
   * PascalCase (`menu-page.tsx`: `MenuPage`), and a public page's route module sits beside it
   * (`menu.route.ts`, exporting `route`: load, head, sitemap).
   */
  readonly page: `src/features/${string}-page.tsx`;
};

/**
 * The one route table (spec §2, ADR-0051): every address of the shop, in the order the router
 * tries them. Adding a page is its feature folder and one row here. src/app/route-table.ts binds
 * each row to its page and route module by these paths (the app may load features; this file,
 * below every layer, only names them), and every link builds its address with `paths`, typed from
 * these patterns. A row without its page, or a public page without its route module, fails a unit
 * test (src/app/route-table.test.ts).
 */
export const ROUTES = {
  home: {
    pattern: '/',
    access: 'public',
    page: 'src/features/home/home-page.tsx',
  },
  menu: {
    pattern: '/menu',
    title: 'Menu',
    access: 'public',
    page: 'src/features/menu/menu-page.tsx',
  },
  productDetail: {
    pattern: '/menu/detail/:productId',
    title: 'Product detail',
    access: 'public',
    page: 'src/features/product/product-page.tsx',
  },
  news: {
    pattern: '/news',
    title: 'News',
    access: 'public',
    page: 'src/features/news/news-page.tsx',
  },
  newsDetail: {
    pattern: '/news/:newId',
    title: 'News',
    access: 'public',
    page: 'src/features/news/news-detail-page.tsx',
  },
  community: {
    pattern: '/community',
    title: 'Community',
    access: 'public',
    page: 'src/features/community/community-page.tsx',
  },
  spaces: {
    pattern: '/spaces',
    title: 'Spaces',
    access: 'public',
    page: 'src/features/spaces/spaces-page.tsx',
  },
  cart: {
    pattern: '/cart',
    title: 'My Cart',
    access: 'session',
    page: 'src/features/cart/cart-page.tsx',
  },
  completedCheckout: {
    pattern: '/completed-checkout/:orderId',
    title: 'Order confirmation',
    access: 'session',
    page: 'src/features/order-confirmation/order-confirmation-page.tsx',
  },
  signIn: {
    pattern: '/sign-in',
    title: 'Sign in',
    access: 'session',
    page: 'src/features/auth/sign-in-page.tsx',
  },
  register: {
    pattern: '/register',
    title: 'Create Your Account',
    access: 'session',
    page: 'src/features/auth/register-page.tsx',
  },
  account: {
    pattern: '/account',
    title: 'My Account',
    access: 'private',
    page: 'src/features/account/account-page.tsx',
  },
  accountAddress: {
    pattern: '/account/address',
    title: 'Address List',
    access: 'private',
    page: 'src/features/account/address-list-page.tsx',
  },
  accountSetting: {
    pattern: '/account/setting',
    title: 'Change Account',
    access: 'private',
    page: 'src/features/account/account-setting-page.tsx',
  },
  authCallback: {
    pattern: '/auth/callback',
    title: 'Signing you in',
    access: 'session',
    page: 'src/features/auth/auth-callback-page.tsx',
  },
} as const satisfies Record<string, RouteRow>;

/** The component a page module exports: `src/features/menu/menu-page.tsx` → `MenuPage`. */
export function pageComponentName(page: string): string {
  const file = page.slice(page.lastIndexOf('/') + 1, -'.tsx'.length);
  return file.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** A public page's route module: `src/features/menu/menu-page.tsx` → `…/menu/menu.route.ts`. */
export function routeModuleOf(page: string): string {
  return page.replace(/-page\.tsx$/, '.route.ts');
}

/** Each route's pattern by name: `routePatterns.productDetail` is `/menu/detail/:productId`. */
export const routePatterns = Object.fromEntries(
  Object.entries(ROUTES).map(([name, row]) => [name, row.pattern]),
) as { readonly [Name in keyof typeof ROUTES]: (typeof ROUTES)[Name]['pattern'] };

export type RouteName = keyof typeof routePatterns;

/** The `:param` names of a pattern, in order: `'/a/:x/b/:y'` → `['x', 'y']`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** The params a pattern's match carries, each as the address spells it. */
export type PathParams<Pattern extends string> = { [Name in ParamNames<Pattern>[number]]: string };

type Id = number | string;

/** One value per name (a mapped tuple type: a generic parameter keeps it a tuple). */
type Values<Names extends string[]> = { [Index in keyof Names]: Id };

/** One argument per `:param`, in the pattern's order. */
type PathArgs<Pattern extends string> = Values<ParamNames<Pattern>>;

/** The address a pattern gives with these values, each encoded as one path segment. */
export function buildPath<Pattern extends string>(
  pattern: Pattern,
  ...args: PathArgs<Pattern>
): string {
  const values: readonly Id[] = args;
  let next = 0;
  return pattern.replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(String(values[next++])));
}

type PathBuilders = {
  readonly [Name in RouteName]: (...args: PathArgs<(typeof routePatterns)[Name]>) => string;
};

function builders(): PathBuilders {
  const entries = Object.entries(routePatterns).map(([name, pattern]) => [
    name,
    (...args: Id[]) => buildPath(pattern, ...(args as never)),
  ]);
  return Object.fromEntries(entries) as PathBuilders;
}

/** `paths.productDetail(3)` → `/menu/detail/3`: one builder per route, typed by its pattern. */
export const paths = builders();
