// sitemap.xml and robots.txt from the catalogue (issue 19): every public page a search engine
// should know, with the date its data last changed where the data has one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, Row } from '../db';
import type { AppConfig } from '../handler-types';
import { loadServerEntry } from '../ssr-entry';
import { publicOriginOf } from './public-origin';

/** One page of the sitemap: its path on the shop and, when known, when its data last changed. */
export interface SitemapEntry {
  path: string;
  /** An ISO 8601 date-time. */
  lastmod?: string;
}

/** One catalogue item: its id and when it last changed (ISO 8601), or null when not a date. */
interface DatedItem {
  id: number;
  changed: string | null;
}

/** What the server knows of the catalogue, for the SPA's route modules to write the sitemap from. */
export interface SitemapFacts {
  /** Every product, by id, dated by its last change (stock included). */
  products: DatedItem[];
  /** Every story, newest first, dated by its publication. */
  news: DatedItem[];
}

/**
 * What the SPA's server entry (src/entry-server.tsx) exports for these files, read from the
 * built entry (ADR-0051): the public pages' sitemap entries from the facts, in the route table's
 * order, and what robots may not crawl (the API and every route that is not public).
 */
interface SeoEntry {
  sitemap(facts: SitemapFacts): Promise<SitemapEntry[]>;
  ROBOTS_DISALLOW: readonly string[];
}

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

interface DatedRow extends Row {
  id: number;
  changed: string;
}

/** The catalogue's products and stories with their dates, from the database. */
export async function sitemapFacts(db: Db): Promise<SitemapFacts> {
  const dated = (row: DatedRow): DatedItem => ({
    id: row.id,
    changed: isoDate(row.changed) ?? null,
  });
  return {
    products: (
      await db.all<DatedRow>('SELECT id, updated_at AS changed FROM products ORDER BY id')
    ).map(dated),
    news: (
      await db.all<DatedRow>(
        'SELECT id, created_at AS changed FROM news ORDER BY created_at DESC, id DESC',
      )
    ).map(dated),
  };
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

/**
 * Every robot may crawl the shop but what `disallow` lists; the sitemap is named. Without the
 * server entry (no SSR build: the dev server, server tests) only the API is listed: the shop's
 * own pages are then plain SPA shells, with nothing of the shopper's in them.
 */
export function robotsTxt(origin: string, disallow: readonly string[] = ['/api/']): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

interface SeoContext {
  db: Db;
  config: Pick<AppConfig, 'publicOrigin' | 'selfOrigins' | 'ssrDir' | 'logger'>;
  /** Normalised addresses of the trusted reverse proxies (TRUSTED_PROXIES). */
  trustedProxies: ReadonlySet<string>;
}

function send(res: ServerResponse, status: number, type: string, body: string, cache: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.setHeader('Cache-Control', cache);
  res.end(body);
}

/**
 * GET/HEAD /sitemap.xml and /robots.txt, built on each request (the catalogue may have changed)
 * for PUBLIC_ORIGIN or the origin the request came to, from the built server entry's routes.
 * Without that entry, /sitemap.xml answers 503 (try again later: a crawler keeps the pages it
 * knows, where a sitemap of the home page alone would tell it the shop had shrunk) and
 * robots.txt the API's line only. False for any other path; true once the answer is under way.
 */
export function serveSeoFile(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  context: SeoContext,
): boolean {
  if (pathname !== '/sitemap.xml' && pathname !== '/robots.txt') return false;
  answerSeoFile(req, res, pathname, context).catch((error: unknown) => {
    context.config.logger.error(`GET ${pathname} failed`, error);
    if (res.headersSent) res.destroy();
    else send(res, 500, 'text/plain; charset=utf-8', 'Internal error\n', 'no-store');
  });
  return true;
}

async function answerSeoFile(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: '/sitemap.xml' | '/robots.txt',
  { db, config, trustedProxies }: SeoContext,
): Promise<void> {
  const origin = publicOriginOf(req, {
    publicOrigin: config.publicOrigin,
    trustedProxies,
    fallback: config.selfOrigins[0] ?? 'http://localhost',
    allowedOrigins: config.selfOrigins,
  });
  let entry: SeoEntry | null = null;
  try {
    entry = await (loadServerEntry<SeoEntry>(config.ssrDir) ?? null);
  } catch (error) {
    config.logger.error(`the server entry could not be loaded for ${pathname}`, error);
  }
  // Short: a new product or story should reach crawlers within the hour.
  const cache = 'public, max-age=3600';
  if (pathname === '/robots.txt') {
    send(res, 200, 'text/plain; charset=utf-8', robotsTxt(origin, entry?.ROBOTS_DISALLOW), cache);
    return;
  }
  if (!entry) {
    res.setHeader('Retry-After', '3600');
    send(res, 503, 'text/plain; charset=utf-8', 'The sitemap is not available yet.\n', 'no-store');
    return;
  }
  const entries = await entry.sitemap(await sitemapFacts(db));
  send(res, 200, 'application/xml; charset=utf-8', sitemapXml(origin, entries), cache);
}
