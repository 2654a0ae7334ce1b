/**
 * Every address of the shop (spec §2), one pattern per route name: the route table
 * (src/app/route-table.ts, ADR-0051) gives each name its page, title and access, and every link
 * builds its address with `paths`, derived from these patterns, so a route renamed here changes
 * everywhere. The patterns live here, below the features, because every layer builds links and
 * none but the app may import src/app.
 */
export const routePatterns = {
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
} as const;

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
