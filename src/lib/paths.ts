/**
 * The one route table (spec §2): the router (src/app/routes.tsx) reads the patterns, and every
 * link builds its address with these helpers, so a route renamed here changes everywhere.
 */
type Id = number | string;

export const paths = {
  home: () => '/',
  menu: () => '/menu',
  productDetail: (productId: Id) => `/menu/detail/${productId}`,
  news: () => '/news',
  newsDetail: (newId: Id) => `/news/${newId}`,
  community: () => '/community',
  spaces: () => '/spaces',
  cart: () => '/cart',
  completedCheckout: (orderId: Id) => `/completed-checkout/${orderId}`,
  signIn: () => '/sign-in',
  register: () => '/register',
  account: () => '/account',
  accountAddress: () => '/account/address',
  accountSetting: () => '/account/setting',
  authCallback: () => '/auth/callback',
} as const;

export type RouteName = keyof typeof paths;

/** wouter patterns, one per route name. */
export const routePatterns: Record<RouteName, string> = {
  home: '/',
  menu: '/menu',
  productDetail: '/menu/detail/:productId',
  news: '/news',
  newsDetail: '/news/:newId',
  community: '/community',
  spaces: '/spaces',
  cart: '/cart',
  completedCheckout: '/completed-checkout/:orderId',
  signIn: '/sign-in',
  register: '/register',
  account: '/account',
  accountAddress: '/account/address',
  accountSetting: '/account/setting',
  authCallback: '/auth/callback',
};

/** Routes that need a valid, unexpired session (spec §6). */
export const protectedRoutes: ReadonlySet<RouteName> = new Set([
  'account',
  'accountAddress',
  'accountSetting',
]);
