// What a public page's route module (`src/features/<feature>/<name>.route.ts`) gives the route
// table (ADR-0051): how the page reads its address, what it loads before the server renders it,
// its <head>, the image its first screen shows largest, and its lines in the sitemap. Types and
// the sitemap's date rules only: the modules themselves live beside their pages.
import type { QueryClient } from '@tanstack/react-query';
import type { PageHead } from './page-head';
import type { PathParams } from './paths';

/** `found`: the page's data is in the cache; `not-found`: its product or story does not exist. */
export type LoadOutcome = 'found' | 'not-found';

/** One catalogue item the sitemap lists: its id and when it last changed (ISO 8601, or null). */
export type DatedItem = { id: number; changed: string | null };

/** What the server knows of the catalogue when it writes the sitemap (newest story first). */
export type SitemapFacts = { products: readonly DatedItem[]; news: readonly DatedItem[] };

/** One page of the sitemap: its path on the shop and, when known, when its data last changed. */
export type SitemapEntry = { path: string; lastmod?: string };

/**
 * A public page, rendered on the server and listed in the sitemap. `Page` is what the page
 * reads of its address (`parse`): null when the address is not this page after all (a product id
 * that is not a number), so the server leaves it to the browser, which shows the not-found page.
 */
export type PublicRoute<Pattern extends string, Page> = {
  parse(params: PathParams<Pattern>, search: string): Page | null;
  /**
   * Fills the query cache with what the page shows on its first screen, through the same query
   * options its components read. The page's own resource must load, or this throws, but a 404
   * answers `not-found`; the rest is fetched alongside and, if it fails, left to the browser.
   */
  load(queryClient: QueryClient, page: Page): Promise<LoadOutcome>;
  /** The page's <head>: title, description, canonical path, link previews and JSON-LD. */
  head(queryClient: QueryClient, page: Page, outcome: LoadOutcome, origin: string): PageHead;
  /** The image the first screen shows largest, preloaded with the HTML. */
  lcpImages?(queryClient: QueryClient, page: Page, outcome: LoadOutcome): string[];
  /** The page's entries in the sitemap, in the order they are listed. */
  sitemapPaths(facts: SitemapFacts): SitemapEntry[];
};

/** The later of two optional ISO 8601 date-times. */
export function laterOf(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

/** When the newest of these items changed; undefined when none carries a date. */
export function latestChange(items: readonly DatedItem[]): string | undefined {
  return items.map((item) => item.changed ?? undefined).reduce(laterOf, undefined);
}

/** A sitemap entry, dated when the date is known. */
export function sitemapEntry(path: string, lastmod?: string | null): SitemapEntry {
  return lastmod === undefined || lastmod === null ? { path } : { path, lastmod };
}
