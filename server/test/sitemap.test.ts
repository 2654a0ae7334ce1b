import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NEWS, SEED_PRODUCTS } from '../src/seed-catalogue';
import { robotsTxt, sitemapFacts, sitemapXml } from '../src/seo/sitemap';
import { startTestServer, type TestServer } from './test-server';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * A stand-in for the SPA's built server entry (dist-ssr/entry-server.js): the server reads the
 * sitemap and robots' list from it (ADR-0051). It writes each fact it is given as an entry, so
 * these tests see what the server passed; the route modules' own rules are tested in
 * src/app/route-table.test.ts, the real build in tests/e2e/first-paint.e2e.ts.
 */
const FAKE_ENTRY = `
export const ROBOTS_DISALLOW = ['/api/', '/account', '/cart', '/completed-checkout/', '/auth/'];
const dated = (path, changed) => (changed === null ? { path } : { path, lastmod: changed });
export async function sitemap({ products, news }) {
  return [
    { path: '/' },
    ...products.map((item) => dated('/menu/detail/' + item.id, item.changed)),
    ...news.map((item) => dated('/news/' + item.id, item.changed)),
  ];
}
`;

function fakeSsrDir(source = FAKE_ENTRY): string {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-ssr-'));
  writeFileSync(join(dir, 'entry-server.js'), source);
  return dir;
}

// jsdom (the dom project's environment) ships no types and @types/jsdom is not installed: only
// its XML parser is used here, typed by the DOM's own DOMParser.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};

/**
 * The sitemap parsed as XML by a strict parser (jsdom's, saxes): a document that is not
 * well-formed (a bare `&`, an unclosed tag) fails here. Returns each <url>'s loc and lastmod.
 */
function parseSitemap(xml: string): { loc: string; lastmod: string | null }[] {
  const { DOMParser } = new JSDOM('').window;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent ?? ''}`);
  const root = doc.documentElement;
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  return [...root.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '',
    lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
  }));
}

/** A GET or HEAD with a Host header of our choosing (fetch may not set Host). */
function rawGet(
  url: string,
  options: { method?: string; host?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.host ? { Host: options.host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('sitemapXml', () => {
  it('writes the XML declaration, the sitemap namespace and absolute, escaped locations', () => {
    const xml = sitemapXml('https://shop.example', [
      { path: '/', lastmod: '2026-11-20T10:00:00.000Z' },
      { path: '/menu?tab=food&page=2' },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain(`<urlset xmlns="${SITEMAP_NS}">`);
    expect(xml).toContain('<loc>https://shop.example/menu?tab=food&amp;page=2</loc>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(parseSitemap(xml)).toEqual([
      { loc: 'https://shop.example/', lastmod: '2026-11-20T10:00:00.000Z' },
      { loc: 'https://shop.example/menu?tab=food&page=2', lastmod: null },
    ]);
  });
});

describe('robotsTxt', () => {
  it('allows all but the paths it is given, and names the sitemap', () => {
    const disallow = ['/api/', '/account', '/cart', '/completed-checkout/', '/auth/'];
    expect(robotsTxt('https://shop.example', disallow).split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /account',
      'Disallow: /cart',
      'Disallow: /completed-checkout/',
      'Disallow: /auth/',
      '',
      'Sitemap: https://shop.example/sitemap.xml',
      '',
    ]);
  });

  it('without the server entry, keeps robots out of the API only', () => {
    expect(robotsTxt('https://shop.example').split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      '',
      'Sitemap: https://shop.example/sitemap.xml',
      '',
    ]);
  });
});

describe('GET /sitemap.xml and /robots.txt on the reference API', () => {
  let server: TestServer;
  let ssrDir: string;
  beforeAll(async () => {
    ssrDir = fakeSsrDir();
    server = await startTestServer({ ssrDir });
  });
  afterAll(async () => {
    expect(server.errors).toEqual([]);
    await server.dispose();
    rmSync(ssrDir, { recursive: true, force: true });
  });

  it('writes what the server entry makes of every seeded product and news item, with their dates', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const urls = parseSitemap(await response.text());
    const locs = urls.map((url) => url.loc);
    const at = (path: string) => `${server.url}${path}`;
    expect(locs[0]).toBe(at('/'));
    for (const product of SEED_PRODUCTS) expect(locs).toContain(at(`/menu/detail/${product.id}`));
    for (const story of SEED_NEWS) expect(locs).toContain(at(`/news/${story.id}`));
    expect(locs).toHaveLength(1 + SEED_PRODUCTS.length + SEED_NEWS.length);
    // Products and stories carry their dates, as ISO 8601 date-times.
    const dated = urls.filter((url) => /\/(menu\/detail|news)\/\d+$/.test(url.loc));
    for (const url of dated) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    // Stories come newest first: the seed's days ago, ascending.
    const newsOrder = locs.filter((loc) => loc.startsWith(at('/news/')));
    const seedOrder = [...SEED_NEWS].sort((a, b) => a.daysAgo - b.daysAgo || b.id - a.id);
    expect(newsOrder).toEqual(seedOrder.map((story) => at(`/news/${story.id}`)));
  });

  it('hands the entry every product and story from the database, dated', async () => {
    const facts = await sitemapFacts(server.db);
    expect(facts.products.map((item) => item.id)).toEqual(
      SEED_PRODUCTS.map((product) => product.id).sort((a, b) => a - b),
    );
    expect(facts.news).toHaveLength(SEED_NEWS.length);
    for (const item of [...facts.products, ...facts.news]) {
      expect(item.changed).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    }
  });

  it('answers robots.txt as plain text naming this origin’s sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    // The entry's list, as it gives it.
    expect(text).toContain(
      'Disallow: /api/\nDisallow: /account\nDisallow: /cart\nDisallow: /completed-checkout/\nDisallow: /auth/\n',
    );
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml\n`);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await rawGet(`${server.url}/sitemap.xml`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
    expect(head.body).toBe('');
  });

  it('writes URLs for the Host the request came to when it is ours, never another (issue 28)', async () => {
    const own = await rawGet(`${server.url}/robots.txt`, { host: `LocalHost:${server.port}` });
    expect(own.body).toContain(`Sitemap: http://localhost:${server.port}/sitemap.xml\n`);
    const shop = await rawGet(`${server.url}/robots.txt`, { host: 'Shop.Example:8443' });
    expect(shop.body).toContain(`Sitemap: ${server.url}/sitemap.xml\n`);
    expect(shop.body).not.toContain('shop.example');
    const forged = await rawGet(`${server.url}/sitemap.xml`, { host: 'evil.test/"><x a="' });
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain('evil');
    expect(parseSitemap(forged.body)[0]?.loc).toBe(`${server.url}/`);
  });
});

describe('without a server entry (no SSR build: the dev server)', () => {
  it('answers the sitemap 503, try again later, and robots.txt the API’s line only', async () => {
    const server = await startTestServer({ ssrDir: null });
    try {
      const sitemap = await fetch(`${server.url}/sitemap.xml`);
      expect(sitemap.status).toBe(503);
      expect(sitemap.headers.get('retry-after')).toBe('3600');
      expect(sitemap.headers.get('cache-control')).toBe('no-store');
      const robots = await fetch(`${server.url}/robots.txt`);
      expect(robots.status).toBe(200);
      expect(await robots.text()).toBe(robotsTxt(server.url));
      expect(server.errors).toEqual([]);
    } finally {
      await server.dispose();
    }
  });

  it('answers the same when the entry fails to load, and logs why', async () => {
    const ssrDir = fakeSsrDir('throw new Error("a broken build");\n');
    const server = await startTestServer({ ssrDir });
    try {
      expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(503);
      expect(await (await fetch(`${server.url}/robots.txt`)).text()).toBe(robotsTxt(server.url));
      expect(server.errors.join('\n')).toContain('a broken build');
    } finally {
      await server.dispose();
      rmSync(ssrDir, { recursive: true, force: true });
    }
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('wins over the request’s own origin', async () => {
    const ssrDir = fakeSsrDir();
    const server = await startTestServer({ publicOrigin: 'https://lumen.example/', ssrDir });
    try {
      const urls = parseSitemap(await (await fetch(`${server.url}/sitemap.xml`)).text());
      expect(urls[0]?.loc).toBe('https://lumen.example/');
      expect(urls.every((url) => url.loc.startsWith('https://lumen.example/'))).toBe(true);
      expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain(
        'Sitemap: https://lumen.example/sitemap.xml',
      );
    } finally {
      await server.dispose();
      rmSync(ssrDir, { recursive: true, force: true });
    }
  });
});
