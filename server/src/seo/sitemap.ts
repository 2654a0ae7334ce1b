// sitemap.xml and robots.txt from the catalogue (issue 19): every public page a search engine
// should know, with the date its data last changed where the data has one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, Row } from '../db';
import type { AppConfig } from '../handler-types';
import { publicOriginOf } from './public-origin';

/** One page of the sitemap: its path on the shop and, when known, when its data last changed. */
export interface SitemapEntry {
  path: string;
  /** An ISO 8601 date-time. */
  lastmod?: string;
}

/** Paths of the SPA's route table (src/lib/paths.ts), which server/ may not import. */
const PUBLIC_PATHS = {
  home: '/',
  menu: '/menu',
  product: (id: number) => `/menu/detail/${id}`,
  news: '/news',
  newsItem: (id: number) => `/news/${id}`,
  community: '/community',
  spaces: '/spaces',
};

/** What robots may not crawl: the API and the shopper's own pages. */
const DISALLOWED = ['/api/', '/account', '/cart', '/completed-checkout/', '/auth/'];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A stored timestamp as W3C date-time, or undefined when it is not a date. */
function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The later of two optional ISO dates. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function withLastmod(path: string, lastmod: string | undefined): SitemapEntry {
  return lastmod === undefined ? { path } : { path, lastmod };
}

interface DatedRow extends Row {
  id: number;
  changed: string;
}

/**
 * Every public page from the database: home, the menu and each product (dated by its last
 * change, stock included), the news and each story (dated by publication), community and spaces
 * (their data carries no change date).
 */
export function sitemapEntries(db: Db): SitemapEntry[] {
  const products = db.all<DatedRow>('SELECT id, updated_at AS changed FROM products ORDER BY id');
  const news = db.all<DatedRow>(
    'SELECT id, created_at AS changed FROM news ORDER BY created_at DESC, id DESC',
  );
  const menuChanged = products.map((row) => isoDate(row.changed)).reduce(later, undefined);
  const newsChanged = news.map((row) => isoDate(row.changed)).reduce(later, undefined);
  return [
    // Home shows featured products and the latest news.
    withLastmod(PUBLIC_PATHS.home, later(menuChanged, newsChanged)),
    withLastmod(PUBLIC_PATHS.menu, menuChanged),
    ...products.map((row) => withLastmod(PUBLIC_PATHS.product(row.id), isoDate(row.changed))),
    withLastmod(PUBLIC_PATHS.news, newsChanged),
    ...news.map((row) => withLastmod(PUBLIC_PATHS.newsItem(row.id), isoDate(row.changed))),
    { path: PUBLIC_PATHS.community },
    { path: PUBLIC_PATHS.spaces },
  ];
}

/** The sitemap protocol's XML (sitemaps.org 0.9): one <url> per entry, absolute and escaped. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.path, origin).href)}</loc>`;
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Every robot may crawl the shop but the API and the shopper's own pages; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

interface SeoContext {
  db: Db;
  config: Pick<AppConfig, 'publicOrigin' | 'selfOrigins'>;
  /** Normalised addresses of the trusted reverse proxies (TRUSTED_PROXIES). */
  trustedProxies: ReadonlySet<string>;
}

/**
 * GET/HEAD /sitemap.xml and /robots.txt, built on each request (the catalogue may have changed)
 * for PUBLIC_ORIGIN or the origin the request came to. False for any other path.
 */
export function serveSeoFile(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  { db, config, trustedProxies }: SeoContext,
): boolean {
  if (pathname !== '/sitemap.xml' && pathname !== '/robots.txt') return false;
  const origin = publicOriginOf(req, {
    publicOrigin: config.publicOrigin,
    trustedProxies,
    fallback: config.selfOrigins[0] ?? 'http://localhost',
  });
  const [body, type] =
    pathname === '/sitemap.xml'
      ? [sitemapXml(origin, sitemapEntries(db)), 'application/xml; charset=utf-8']
      : [robotsTxt(origin), 'text/plain; charset=utf-8'];
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  // Short: a new product or story should reach crawlers within the hour.
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.end(body);
  return true;
}
