// The route table's rows (src/lib/paths.ts, ADR-0051) bound to what they name: each row's page
// component and, on the server, its route module. The router, the browser's preload, the server's
// render, the sitemap and robots.txt all read the table through here, and match an address with
// wouter's own matcher.
import type { ComponentType } from 'react';
import { parse as wouterParser } from 'regexparam';
import { matchRoute } from 'wouter';
import {
  pageComponentName,
  routeModuleOf,
  ROUTES,
  routePatterns,
  type Access,
  type RouteName,
} from '../lib/paths';
import type { PublicRoute } from '../lib/public-route';
import { HomePage } from '../features/home/home-page';
import { lazyPage } from './route-error-boundary';

/** A page component, loaded with the entry or on demand (then it can be loaded ahead). */
type PageComponent = ComponentType & { preload?: () => Promise<void> };

type PageModule = Record<string, unknown>;

/**
 * The pages the first visit carries in the entry chunk: the home page, where most visits start
 * and where the first visit's budget is measured (ADR-0014). Every other page is its own chunk.
 */
const ENTRY_PAGES: Record<string, ComponentType> = { '../features/home/home-page.tsx': HomePage };
const PAGE_CHUNKS = import.meta.glob<PageModule>([
  '../features/*/*-page.tsx',
  '!../features/home/home-page.tsx',
  '!../features/not-found/not-found-page.tsx',
]);
/**
 * The route modules: the server's alone (it renders the public pages and writes the sitemap).
 * Vite makes `import.meta.env.SSR` a constant, so the browser's build carries none of them.
 */
const ROUTE_MODULES: Record<string, () => Promise<PageModule>> = import.meta.env.SSR
  ? import.meta.glob<PageModule>('../features/*/*.route.ts')
  : {};

/** `src/features/x/y.tsx` as the globs above key it (relative to this folder). */
const globKey = (source: string) => `../${source.slice('src/'.length)}`;

/** A row's page: its component and, for a page in its own chunk, how to load that module. */
export type BoundPage = { source: string; Page: PageComponent; load?: () => Promise<PageModule> };

function bindPage(source: string, component: string): BoundPage {
  const key = globKey(source);
  const inEntry = ENTRY_PAGES[key];
  if (inEntry) return { source, Page: inEntry };
  const load = PAGE_CHUNKS[key];
  if (!load) throw new Error(`The route table names ${source}, which is not a page module.`);
  return { source, load, Page: lazyPage(load, (module) => module[component] as ComponentType) };
}

export type BoundRoute = {
  name: RouteName;
  title?: string;
  access: Access;
  page: BoundPage;
};

/** Every route of spec §2 with its page, in the order the router tries them. */
export const ROUTE_TABLE = Object.fromEntries(
  (Object.keys(ROUTES) as RouteName[]).map((name) => {
    const row: { title?: string; access: Access; page: string } = ROUTES[name];
    const bound: BoundRoute = {
      name,
      access: row.access,
      page: bindPage(row.page, pageComponentName(row.page)),
      ...(row.title === undefined ? {} : { title: row.title }),
    };
    return [name, bound];
  }),
) as Readonly<Record<RouteName, BoundRoute>>;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** The names of the public pages (rendered on the server, listed in the sitemap). */
export type PublicRouteName = {
  [Name in RouteName]: (typeof ROUTES)[Name] extends { access: 'public' } ? Name : never;
}[RouteName];

/** A public page's route module (the server's only: see ROUTE_MODULES). */
export async function loadPublicRoute(
  name: PublicRouteName,
): Promise<PublicRoute<string, unknown>> {
  const load = ROUTE_MODULES[globKey(routeModuleOf(ROUTES[name].page))];
  if (!load) throw new Error(`No route module for the public page ${name} (ADR-0051).`);
  const module = await load();
  return module.route as PublicRoute<string, unknown>;
}

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
