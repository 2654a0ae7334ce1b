// Issue 19, "Checked by": the public pages arrive rendered. Three parts:
// 1. Plain HTTP, no browser: each public route's HTML holds the page's own content (names and
//    prices, news titles, event and space names), its head (title, description, canonical,
//    JSON-LD) and the dehydrated query state, all compared with what the API answers now.
// 2. Hydration in Chromium at 390 and 1280 px: no console error or warning, the heading the HTML
//    brought is the one React keeps (hydrated, not rendered again), no second request for the
//    data the HTML carries, and the page then works (a tab, Add To Cart, Load More, a lightbox).
// 3. JavaScript disabled at 390 and 1280 px: the pages still show their content and their links
//    are plain links that lead to the next page's content. axe passes in light and dark on the
//    home and product pages as laid out without the app's scripts (axe itself needs JavaScript:
//    see serveWithoutApp).
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { parse as wouterParser } from 'regexparam';
import { matchRoute } from 'wouter';
import { BRAND_NAME } from '../../contract/brand';
import { DEFAULT_MENU_FILTERS, MENU_CATEGORIES } from '../../machines/menu.machine';
import type { Category, News, Product, ProductPage, ShopEvent, Space } from '../../src/api/types';
import { newsKeys } from '../../src/api/content.queries';
import { productKeys } from '../../src/api/products.queries';
import { CATEGORY_LABELS } from '../../src/components/category-labels';
import { MENU_PAGE_SIZE, menuQueryParams } from '../../src/features/menu/menu-filters';
import type { PublicRouteName } from '../../src/app/route-table';
import { displayName } from '../../src/lib/display-name';
import { formatPrice } from '../../src/lib/format-price';
import { routePatterns } from '../../src/lib/paths';
import type { RunningApp } from './support/app-server';
import { expectA11y } from './support/axe';
import { expect, test } from './support/fixtures';

// What the pages show, as the app's own components ask for it.
/** Home: featured products (featured-products.tsx), latest news and upcoming events. */
const HOME_FEATURED = 4;
const HOME_NEWS = 3;
const HOME_EVENTS = 3;
/** News: the first slice (news-page.tsx). */
const NEWS_SLICE = 6;
/** Community: every upcoming and past event, the API's largest page (community-page.tsx). */
const EVENTS_PAGE = 50;
/** A product page of the seed (cappucino, spec's example). */
const PRODUCT_ID = 3;

// ---- The API's answers (what the HTML must agree with) ------------------------------------

function menuSearchPath(category: Category, size = MENU_PAGE_SIZE): string {
  const query = new URLSearchParams({
    category,
    page: '0',
    size: String(size),
    sortBy: 'createdAt',
    sortDirection: 'asc',
  });
  return `/api/v1/products/search?${query.toString()}`;
}

/** The first menu page of a tab, as the menu asks for it (8, oldest first). */
function menuFirstPage(app: RunningApp, category: Category): Promise<ProductPage> {
  return app.getJson<ProductPage>(menuSearchPath(category));
}

/** Every product of the seed: each tab in one page of the API's largest size. */
async function allProducts(app: RunningApp): Promise<Product[]> {
  const pages = await Promise.all(
    MENU_CATEGORIES.map((category) => app.getJson<ProductPage>(menuSearchPath(category, 50))),
  );
  for (const page of pages) expect(page.totalPages, 'one page holds a whole tab').toBe(1);
  return pages.flatMap((page) => page.items);
}

const featuredProducts = (app: RunningApp) =>
  app.getJson<Product[]>(`/api/v1/products?size=${HOME_FEATURED}`);
const latestNews = (app: RunningApp, size?: number) =>
  app.getJson<News[]>(size === undefined ? '/api/v1/news' : `/api/v1/news?size=${size}`);
const upcomingEvents = (app: RunningApp, size: number) =>
  app.getJson<ShopEvent[]>(`/api/v1/events/upcoming?size=${size}`);
const closedEvents = (app: RunningApp) =>
  app.getJson<ShopEvent[]>(`/api/v1/events/closed?page=0&size=${EVENTS_PAGE}`);
const allSpaces = (app: RunningApp) => app.getJson<Space[]>('/api/v1/spaces');

/** A news item of the seed that is not the newest (so it is not only on the home page). */
async function someNewsItem(app: RunningApp): Promise<News> {
  const news = await latestNews(app);
  const item = news[1];
  if (!item) throw new Error('the seed has fewer than two news items');
  return item;
}

/** How a product card and the product page show a product: "Cappucino $4.50". */
const shownProduct = (product: Product) =>
  `${displayName(product.name)} ${formatPrice(product.price)}`;

// ---- Reading HTML without a browser -------------------------------------------------------

type HtmlAnswer = { status: number; contentType: string; html: string };

/** GET a page's HTML with plain HTTP (the tests' one fetch helper, its raw escape hatch). */
async function getHtml(app: RunningApp, path: string): Promise<HtmlAnswer> {
  const answer = await app.api<string>('GET', `${app.url}${path}`, {
    headers: { Accept: 'text/html' },
  });
  return {
    status: answer.status,
    contentType: answer.headers.get('content-type') ?? '',
    html: answer.text,
  };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Text as the browser reads it: the five entities, &nbsp; and numeric references. */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Runs of white space (and no-break spaces) as one space. */
const squash = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

/**
 * What the body shows as text: scripts (the query state and JSON-LD included, so data that is
 * only serialised does not count), styles and templates left out, tags read as spaces, React's
 * `<!-- -->` text separators as nothing, entities read, white space squashed.
 */
function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return squash(
    unescapeHtml(
      body
        .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<[^>]*>/g, ' '),
    ),
  );
}

/** The attributes of one start tag, names lower-cased, values unescaped. */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = tag.replace(/^<[a-z0-9-]+/i, '').replace(/\/?>$/, '');
  for (const match of inner.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const [, name = '', double, single, bare] = match;
    attributes[name.toLowerCase()] = unescapeHtml(double ?? single ?? bare ?? '');
  }
  return attributes;
}

/** Every `<name ...>` start tag of the HTML, as its attributes. */
function startTags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map(([tag]) =>
    attributesOf(tag),
  );
}

/** Every `<script>` with its attributes and its (raw) text. */
function scripts(html: string): { attributes: Record<string, string>; text: string }[] {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)].map(
    ([, tag = '', text = '']) => ({
      attributes: attributesOf(tag),
      text,
    }),
  );
}

type Head = { title: string; description?: string; canonical?: string };

function headOf(html: string): Head {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? '';
  const description = startTags(head, 'meta').find((meta) => meta.name === 'description')?.content;
  const canonical = startTags(head, 'link').find((link) =>
    (link.rel ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  )?.href;
  return {
    title: squash(unescapeHtml(title)),
    ...(description === undefined ? {} : { description }),
    ...(canonical === undefined ? {} : { canonical }),
  };
}

type JsonLdNode = Record<string, unknown> & { '@type'?: string | string[] };

/** Every JSON-LD node of the page (top-level objects, arrays and `@graph` members). */
function jsonLdNodes(html: string): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(add);
    else if (value !== null && typeof value === 'object') {
      const node = value as JsonLdNode;
      nodes.push(node);
      if ('@graph' in node) add(node['@graph']);
    }
  };
  for (const script of scripts(html)) {
    if (script.attributes.type === 'application/ld+json') add(JSON.parse(script.text));
  }
  return nodes;
}

const hasType = (node: JsonLdNode, types: readonly string[]) =>
  [node['@type']].flat().some((type) => type !== undefined && types.includes(type));

type DehydratedState = { queries: { queryKey: unknown; state: { status: string } }[] };

/**
 * The dehydrated TanStack Query state the browser hydrates from. Throws (for `Findings.attempt`)
 * when it is missing or is not JSON with a query list.
 */
function queryStateOf(html: string): DehydratedState {
  const script = scripts(html).find((candidate) => candidate.attributes.id === 'query-state');
  if (!script) throw new Error('no <script id="query-state"> in the HTML');
  if (script.attributes.type !== 'application/json') {
    throw new Error(`<script id="query-state"> has type ${script.attributes.type ?? '(none)'}`);
  }
  const state = JSON.parse(script.text) as Partial<DehydratedState>;
  if (!Array.isArray(state.queries)) throw new Error('the query state has no `queries` list');
  return state as DehydratedState;
}

/** The app's module scripts the boot script of a rendered page runs after its first paint. */
function pageScriptsOf(html: string): string[] {
  const listed = scripts(html).find((script) => script.attributes.id === 'page-scripts');
  return (JSON.parse(listed?.text ?? '{}') as { modules?: string[] }).modules ?? [];
}

/**
 * The chunks `start` imports, all the way down, that are not in `have` (paths on the app's
 * origin); `seen` collects every chunk visited, `start` included.
 */
async function chunksMissing(
  app: RunningApp,
  start: string,
  have: (href: string) => boolean,
  seen = new Set<string>(),
): Promise<string[]> {
  const missing: string[] = [];
  const visit = async (href: string): Promise<void> => {
    if (seen.has(href)) return;
    seen.add(href);
    if (!have(href)) missing.push(href);
    const code = await app.api<string>('GET', `${app.url}${href}`);
    const imports = [
      ...code.text.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g),
    ];
    await Promise.all(
      imports.map(([, file]) => visit(new URL(file ?? '', `${app.url}${href}`).pathname)),
    );
  };
  await visit(start);
  return missing;
}

/** The query of this key is in the state, with its data (throws otherwise). */
function expectDehydrated(state: DehydratedState, queryKey: readonly unknown[]): void {
  const key = JSON.stringify(queryKey);
  const query = state.queries.find((candidate) => JSON.stringify(candidate.queryKey) === key);
  if (!query) {
    const keys = state.queries.map((candidate) => JSON.stringify(candidate.queryKey));
    throw new Error(`query ${key} is not in the query state (it holds ${keys.join(', ')})`);
  }
  if (query.state.status !== 'success') {
    throw new Error(`query ${key} is dehydrated with status ${query.state.status}`);
  }
}

/**
 * What a set of pages lacks, one line each ("/menu/detail/3: <title> ..."), asserted once at the
 * end, so a run lists every page and every miss together instead of stopping at the first.
 */
class Findings {
  readonly lines: string[] = [];
  check(ok: boolean, line: string): void {
    if (!ok) this.lines.push(line);
  }
  /** Runs a check that throws (the query state's), keeping its message. */
  attempt(path: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.lines.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  expectNone(what: string): void {
    expect(this.lines, what).toEqual([]);
  }
}

type PageExpectation = {
  /** Words the tab title holds besides the brand (the page's name, the product's, the story's). */
  title?: string;
  /** What the body shows as text, each (squashed) piece somewhere in it. */
  shows: string[];
};

/**
 * One public page over plain HTTP: 200, HTML, the page's own content as text (not only in the
 * serialised state), a title, a description, an absolute canonical URL of this path, and the
 * query state.
 */
async function checkRenderedPage(
  app: RunningApp,
  findings: Findings,
  path: string,
  { title, shows }: PageExpectation,
): Promise<{ html: string; head: Head }> {
  const { status, contentType, html } = await getHtml(app, path);
  findings.check(status === 200, `${path}: status ${status}, not 200`);
  findings.check(contentType.includes('text/html'), `${path}: content type "${contentType}"`);
  const text = visibleText(html);
  const missing = shows.map(squash).filter((piece) => !text.includes(piece));
  findings.check(
    missing.length === 0,
    `${path}: the HTML does not show ${JSON.stringify(missing)}`,
  );

  const head = headOf(html);
  const titled =
    head.title.includes(BRAND_NAME) && (title === undefined || head.title.includes(title));
  findings.check(titled, `${path}: <title> "${head.title}" lacks "${title ?? BRAND_NAME}"`);
  findings.check((head.description ?? '').trim() !== '', `${path}: no meta description`);
  const canonical = head.canonical ?? '';
  findings.check(
    /^https?:\/\//.test(canonical) &&
      new URL(canonical).pathname === new URL(path, app.url).pathname,
    `${path}: canonical link "${canonical}" is not this page's absolute URL`,
  );
  findings.attempt(path, () => queryStateOf(html));
  // The app's scripts run after the first paint: no module script in the HTML itself, the boot
  // script finds them listed (server/src/page-render.ts). The HTML fetches each of them, and the
  // page's chunks, at low priority, so they are there once the page has painted (ADR-0060).
  findings.check(
    !/<script\b[^>]*\btype="module"/i.test(html),
    `${path}: the HTML runs the app's scripts before its first paint`,
  );
  findings.attempt(path, () => {
    const modules = pageScriptsOf(html);
    if (modules.length === 0) throw new Error('no <script id="page-scripts"> listing the app');
    const preloads = startTags(html, 'link').filter((link) => link.rel === 'modulepreload');
    for (const module of modules) {
      const preload = preloads.find((link) => link.href === module);
      if (preload?.fetchpriority !== 'low') {
        throw new Error(`${String(module)} is not fetched with the HTML at low priority`);
      }
    }
  });
  return { html, head };
}

test.describe('public pages over plain HTTP (no browser)', () => {
  test('the home page brings its featured products, news, events and spaces in the HTML', async ({
    app,
  }) => {
    const [featured, news, events, spaces] = await Promise.all([
      featuredProducts(app),
      latestNews(app, HOME_NEWS),
      upcomingEvents(app, HOME_EVENTS),
      allSpaces(app),
    ]);
    expect(featured).toHaveLength(HOME_FEATURED);
    expect(events.length).toBeGreaterThan(0);
    const findings = new Findings();
    await checkRenderedPage(app, findings, '/', {
      shows: [
        'Light roasts, warm rooms, good company.',
        ...featured.map(shownProduct),
        ...news.map((item) => item.title),
        ...events.map((event) => displayName(event.name)),
        ...spaces.map((space) => displayName(space.name)),
      ],
    });
    findings.expectNone('what the home page HTML lacks');
  });

  test('the menu and each of its tabs bring their first page of products', async ({ app }) => {
    const firstPages = await Promise.all(
      MENU_CATEGORIES.map(async (category) => ({
        category,
        items: (await menuFirstPage(app, category)).items,
      })),
    );
    const findings = new Findings();
    for (const { category, items } of firstPages) {
      expect(items).toHaveLength(MENU_PAGE_SIZE);
      const paths = [`/menu?category=${category}`];
      // The menu's own address shows the default tab.
      if (category === DEFAULT_MENU_FILTERS.category) paths.unshift('/menu');
      for (const path of paths) {
        const { html } = await checkRenderedPage(app, findings, path, {
          title: 'Menu',
          shows: [
            'Menu',
            ...MENU_CATEGORIES.map((tab) => CATEGORY_LABELS[tab]),
            ...items.map(shownProduct),
          ],
        });
        // Hydrates from the same pages: the menu's infinite query for this tab.
        findings.attempt(path, () =>
          expectDehydrated(
            queryStateOf(html),
            productKeys.menu(menuQueryParams({ ...DEFAULT_MENU_FILTERS, category })),
          ),
        );
        // No product of another tab's first page that this one does not have too.
        const text = visibleText(html);
        const foreign = firstPages
          .filter((other) => other.category !== category)
          .flatMap((other) => other.items)
          .filter((product) => !items.some((own) => own.productId === product.productId))
          .map(shownProduct)
          .filter((shown) => text.includes(shown));
        findings.check(
          foreign.length === 0,
          `${path}: shows other tabs' ${JSON.stringify(foreign)}`,
        );
      }
    }
    findings.expectNone("what the menu tabs' HTML lacks");
  });

  test('every product page brings its name, price and Product JSON-LD', async ({ app }) => {
    const products = await allProducts(app);
    expect(products.length).toBe(36);
    const homeDescription = headOf((await getHtml(app, '/')).html).description;
    const findings = new Findings();
    for (const product of products) {
      const path = `/menu/detail/${product.productId}`;
      const name = displayName(product.name);
      const { html, head } = await checkRenderedPage(app, findings, path, {
        title: name,
        shows: [shownProduct(product)],
      });
      findings.check(
        head.description !== homeDescription,
        `${path}: the site's description, not its own`,
      );
      findings.attempt(path, () =>
        expectDehydrated(queryStateOf(html), productKeys.detail(product.productId)),
      );

      const ld = jsonLdNodes(html).find((node) => hasType(node, ['Product']));
      if (!ld) {
        findings.check(false, `${path}: no JSON-LD Product`);
        continue;
      }
      findings.check(ld.name === name, `${path}: JSON-LD name ${JSON.stringify(ld.name)}`);
      const offers = [ld.offers].flat()[0] as Record<string, unknown> | undefined;
      findings.check(
        Number(offers?.price) === product.price && offers?.priceCurrency === 'USD',
        `${path}: JSON-LD offer ${JSON.stringify(offers)}, price ${product.price} USD expected`,
      );
      const availability = String(offers?.availability ?? '');
      const soldOut = product.quantity === 0;
      findings.check(
        /^https?:\/\/schema\.org\/\w+$/.test(availability) &&
          /OutOfStock$/.test(availability) === soldOut,
        `${path}: JSON-LD availability "${availability}" (stock ${product.quantity})`,
      );
    }
    findings.expectNone("what the product pages' HTML lacks");
  });

  test('an unknown product answers 404 with the not-found page', async ({ app }) => {
    const answer = await getHtml(app, '/menu/detail/999999');
    expect(answer.status).toBe(404);
    expect(answer.contentType).toContain('text/html');
    const text = visibleText(answer.html);
    expect(text).toContain('Product not found');
    expect(text).toContain('This product is not on our menu, or not any more.');
  });

  test('the news list and every news item bring their titles, items their Article JSON-LD', async ({
    app,
  }) => {
    const news = await latestNews(app);
    expect(news.length).toBeGreaterThan(NEWS_SLICE);
    const findings = new Findings();
    await checkRenderedPage(app, findings, '/news', {
      title: 'News',
      shows: ['News', ...news.slice(0, NEWS_SLICE).map((item) => item.title)],
    });
    const homeDescription = headOf((await getHtml(app, '/')).html).description;
    for (const item of news) {
      const path = `/news/${item.newId}`;
      const { html, head } = await checkRenderedPage(app, findings, path, {
        title: item.title,
        shows: [item.title, item.description.split(/\n\s*\n/)[0] ?? ''],
      });
      findings.check(
        head.description !== homeDescription,
        `${path}: the site's description, not its own`,
      );
      findings.attempt(path, () =>
        expectDehydrated(queryStateOf(html), newsKeys.detail(item.newId)),
      );
      const ld = jsonLdNodes(html).find((node) => hasType(node, ['Article', 'NewsArticle']));
      findings.check(
        ld?.headline === item.title,
        `${path}: JSON-LD Article ${ld ? `headline ${JSON.stringify(ld.headline)}` : 'missing'}`,
      );
    }
    findings.expectNone("what the news pages' HTML lacks");
  });

  test('the community page brings its upcoming and past events', async ({ app }) => {
    const [upcoming, closed] = await Promise.all([
      upcomingEvents(app, EVENTS_PAGE),
      closedEvents(app),
    ]);
    expect(upcoming.length).toBeGreaterThan(0);
    const findings = new Findings();
    await checkRenderedPage(app, findings, '/community', {
      title: 'Community',
      shows: ['Community', ...[...upcoming, ...closed].map((event) => displayName(event.name))],
    });
    findings.expectNone('what the community HTML lacks');
  });

  test('every public page of the route table is in the sitemap, and every page there arrives rendered', async ({
    app,
  }) => {
    // The route table's public pages: the keys HYDRATION_TARGETS must have (typechecked).
    const publicRoutes = Object.keys(HYDRATION_TARGETS) as PublicRouteName[];
    const sitemap = await app.api<string>('GET', `${app.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const sitemapPaths = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      ([, loc]) => new URL(loc ?? '').pathname,
    );
    const routeOf = (path: string) =>
      publicRoutes.find((name) => matchRoute(wouterParser, routePatterns[name], path)[0]);
    for (const name of publicRoutes) {
      expect(
        sitemapPaths.some((path) => routeOf(path) === name),
        `${name} in the sitemap`,
      ).toBe(true);
    }
    const findings = new Findings();
    for (const path of sitemapPaths) {
      findings.check(routeOf(path) !== undefined, `${path}: in the sitemap, but no public page`);
      await checkRenderedPage(app, findings, path, { shows: [] });
    }
    findings.expectNone('what the sitemap’s pages lack');
    // robots.txt keeps crawlers from what is not public, never from a public page.
    const robots = await app.api<string>('GET', `${app.url}/robots.txt`);
    const disallowed = [...robots.text.matchAll(/^Disallow: (.+)$/gm)].map(
      ([, path]) => path ?? '',
    );
    expect(disallowed).toEqual(expect.arrayContaining(['/api/', '/account', '/cart']));
    for (const path of sitemapPaths) {
      expect(
        disallowed.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([]);
    }
  });

  test('the spaces page brings every space', async ({ app }) => {
    const spaces = await allSpaces(app);
    expect(spaces.length).toBeGreaterThan(2);
    const findings = new Findings();
    await checkRenderedPage(app, findings, '/spaces', {
      title: 'Spaces',
      shows: ['Spaces', ...spaces.map((space) => displayName(space.name))],
    });
    findings.expectNone('what the spaces HTML lacks');
  });

  test('the cart, which the browser renders, comes with its chunks to fetch at low priority', async ({
    app,
  }) => {
    // ADR-0060: the shell of a page the browser renders preloads that page's chunk and every
    // chunk it imports, so they come with the HTML rather than after the app's entry has run.
    const { status, html } = await getHtml(app, '/cart');
    expect(status).toBe(200);
    expect(html).not.toContain('data-ssr');
    const entry = startTags(html, 'script')
      .filter((script) => script.type === 'module')
      .map((script) => script.src ?? '');
    expect(entry.length).toBeGreaterThan(0);
    const preloads = startTags(html, 'link').filter((link) => link.rel === 'modulepreload');
    for (const link of preloads) expect(link.fetchpriority, link.href).toBe('low');
    const preloaded = new Set(preloads.map((link) => link.href ?? ''));
    const page = [...preloaded].find((href) => /\/cart-page-[^/]*\.js$/.test(href));
    expect(page, 'the cart page chunk is preloaded').toBeDefined();
    // Every chunk the page chunk imports, all the way down, is there: preloaded or the entry's.
    const seen = new Set<string>();
    const missing = await chunksMissing(
      app,
      page ?? '',
      (href) => preloaded.has(href) || entry.includes(href),
      seen,
    );
    expect(seen.size).toBeGreaterThan(2);
    expect(missing).toEqual([]);
  });
});

test.describe('the app of a rendered page', () => {
  test('comes with the HTML, every chunk of the page fetched once and none waiting for the entry', async ({
    app,
    page,
  }) => {
    // ADR-0060: the HTML preloads the app's entry and every chunk of the page, so hydration waits
    // for no chain of requests (the page's chunk asked for only once the entry has run), and the
    // preload is the very request the app uses (a preload the module loader cannot match, by its
    // address or its CORS mode, fetches the chunk a second time).
    const path = `/menu/detail/${PRODUCT_ID}`;
    const { html } = await getHtml(app, path);
    const entry = pageScriptsOf(html).at(-1) ?? '';
    const preloaded = startTags(html, 'link')
      .filter((link) => link.rel === 'modulepreload')
      .map((link) => link.href ?? '');
    const pageChunk = preloaded.find((href) => /\/product-page-[^/]*\.js$/.test(href)) ?? '';
    expect(pageChunk, 'the product page chunk is preloaded').not.toBe('');
    const seen = new Set<string>();
    const missing = await chunksMissing(app, pageChunk, (href) => preloaded.includes(href), seen);
    expect(seen.size).toBeGreaterThan(2);
    expect(missing, 'chunks of the page the HTML does not preload').toEqual([]);

    await page.goto(path);
    // Every script the page needs has been fetched once it has hydrated: the timings are complete.
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    const fetched = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((timing) => timing.name.endsWith('.js'))
        .map((timing) => ({
          path: new URL(timing.name).pathname,
          start: timing.startTime,
          end: timing.responseEnd,
        })),
    );
    const entryTiming = fetched.find((timing) => timing.path === entry);
    expect(entryTiming, `the entry ${entry} is fetched`).toBeDefined();
    for (const chunk of seen) {
      const timings = fetched.filter((timing) => timing.path === chunk);
      expect(timings, `${chunk} is fetched once`).toHaveLength(1);
      expect(timings[0]?.start, `${chunk} is asked for before the entry has arrived`).toBeLessThan(
        entryTiming?.end ?? 0,
      );
    }
  });
});

// ---- Hydration in the browser -------------------------------------------------------------

/** Console errors and warnings, and uncaught errors, of one page. */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      seen.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  return seen;
}

/** API requests the page makes that match `matches` (path and query). */
function recordRequests(page: Page, matches: (url: URL) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (matches(new URL(request.url()))) seen.push(request);
  });
  return seen;
}

declare global {
  interface Window {
    /** The page's <h1> as the HTML brought it, read before any script of the app ran. */
    __htmlHeading?: Element | null;
  }
}

/**
 * Keeps the <h1> the parser built from the HTML: at readyState "interactive" the document is
 * parsed and no deferred or module script has run yet.
 */
async function keepHtmlHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        window.__htmlHeading = document.querySelector('main h1');
      }
    });
  });
}

/** React has hydrated this element: it carries React's props (its handlers are live). */
async function expectHydrated(locator: Locator, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        locator.evaluate((element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps$')),
        ),
      { message: `${what} is hydrated` },
    )
    .toBe(true);
}

type HydrationTarget = {
  /** How the test names the page. */
  name: string;
  /** The address, and what the HTML must already show there. */
  open: (app: RunningApp) => Promise<{ path: string; heading: string }>;
  /** API requests for data the HTML carries: none may be made on load. */
  carried: (url: URL) => boolean;
  /** Something the page does once hydrated (a click that needs React). */
  use: (page: Page, app: RunningApp) => Promise<void>;
};

const isPath = (url: URL, pathname: string) => url.pathname === pathname;

const themeToggle = (page: Page) =>
  page.getByRole('button', { name: /^Switch to (dark|light) mode$/ });

/** The theme button works: the page turns dark (reduced motion, light by default). */
async function toggleTheme(page: Page): Promise<void> {
  const toggle = themeToggle(page);
  await expectHydrated(toggle, 'the theme button');
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await toggle.click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(!dark);
}

/**
 * One per public page of the route table (ADR-0051): a new public row fails the typecheck here
 * until its page says how it hydrates.
 */
const HYDRATION_TARGETS: Record<PublicRouteName, HydrationTarget> = {
  home: {
    name: 'home',
    open: async () => ({ path: '/', heading: 'Light roasts, warm rooms, good company.' }),
    carried: (url) =>
      (isPath(url, '/api/v1/products') && url.searchParams.get('size') === String(HOME_FEATURED)) ||
      (isPath(url, '/api/v1/news') && url.searchParams.get('size') === String(HOME_NEWS)) ||
      isPath(url, '/api/v1/events/upcoming') ||
      isPath(url, '/api/v1/spaces'),
    use: toggleTheme,
  },
  menu: {
    name: 'menu',
    open: async () => ({ path: '/menu', heading: 'Menu' }),
    carried: (url) =>
      isPath(url, '/api/v1/products/search') &&
      url.searchParams.get('category') === DEFAULT_MENU_FILTERS.category &&
      url.searchParams.get('page') === '0',
    use: async (page, app) => {
      const food = await menuFirstPage(app, 'food_snack');
      const tab = page.getByRole('tab', { name: CATEGORY_LABELS.food_snack });
      await expectHydrated(tab, 'the Food and Snack tab');
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(
        page.getByTestId('menu-products').getByTestId('product-card').getByRole('heading'),
      ).toHaveText(food.items.map((product) => displayName(product.name)));
    },
  },
  productDetail: {
    name: 'product page',
    open: async (app) => {
      const product = await app.getJson<Product>(`/api/v1/products/detail/${PRODUCT_ID}`);
      return { path: `/menu/detail/${PRODUCT_ID}`, heading: displayName(product.name) };
    },
    carried: (url) => isPath(url, `/api/v1/products/detail/${PRODUCT_ID}`),
    use: async (page) => {
      const add = page.getByRole('button', { name: 'Add To Cart' });
      await expectHydrated(add, 'Add To Cart');
      await add.click();
      await expect(page.getByTestId('order-count')).toHaveText('1');
    },
  },
  news: {
    name: 'news',
    open: async () => ({ path: '/news', heading: 'News' }),
    carried: (url) => isPath(url, '/api/v1/news') && (url.searchParams.get('page') ?? '0') === '0',
    use: async (page) => {
      const cards = page.getByTestId('news-card');
      await expect(cards).toHaveCount(NEWS_SLICE);
      const more = page.getByRole('button', { name: 'Load More News' });
      await expectHydrated(more, 'Load More News');
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(NEWS_SLICE);
    },
  },
  newsDetail: {
    name: 'news item',
    open: async (app) => {
      const item = await someNewsItem(app);
      return { path: `/news/${item.newId}`, heading: item.title };
    },
    carried: (url) => /^\/api\/v1\/news\/\d+$/.test(url.pathname),
    use: toggleTheme,
  },
  community: {
    name: 'community',
    open: async () => ({ path: '/community', heading: 'Community' }),
    carried: (url) =>
      isPath(url, '/api/v1/events/upcoming') || isPath(url, '/api/v1/events/closed'),
    use: toggleTheme,
  },
  spaces: {
    name: 'spaces',
    open: async () => ({ path: '/spaces', heading: 'Spaces' }),
    carried: (url) => isPath(url, '/api/v1/spaces'),
    use: async (page, app) => {
      const [first] = await allSpaces(app);
      if (!first) throw new Error('the seed has no spaces');
      const tile = page.getByTestId('spaces-gallery').getByRole('button').first();
      await expectHydrated(tile, 'the first space');
      await tile.click();
      await expect(page.getByRole('dialog', { name: 'Spaces gallery' })).toBeVisible();
    },
  },
};

for (const width of [390, 1280]) {
  test.describe(`hydration at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const target of Object.values(HYDRATION_TARGETS)) {
      test(`the ${target.name} hydrates the HTML it arrived with, quietly, without asking again`, async ({
        page,
        app,
      }) => {
        const { path, heading } = await target.open(app);
        const problems = watchConsole(page);
        const carried = recordRequests(page, target.carried);
        await keepHtmlHeading(page);

        await page.goto(path);
        // The heading was in the HTML, before any script ran, and React kept that very element.
        const html = await page.evaluate(() => window.__htmlHeading?.textContent ?? null);
        expect(html, 'the page heading in the HTML as it arrived').toBe(heading);
        const title = page.locator('main h1');
        await expect(title).toHaveText(heading);
        await expectHydrated(title, 'the page heading');
        expect(
          await page.evaluate(() => window.__htmlHeading === document.querySelector('main h1')),
          'the heading is the HTML one, hydrated (not rendered again)',
        ).toBe(true);

        // Once the network is quiet, nothing the HTML carried was asked for again.
        await page.waitForLoadState('networkidle');
        expect(
          carried.map((request) => request.url()),
          'requests for data the HTML carried',
        ).toEqual([]);
        expect(problems, 'console errors and warnings while hydrating').toEqual([]);

        // The page works.
        await target.use(page, app);
        expect(problems, 'console errors and warnings after use').toEqual([]);
      });
    }
  });
}

// ---- JavaScript disabled ------------------------------------------------------------------

/** A card of this product, showing its name (a link) and its price. */
async function expectProductCard(scope: Page | Locator, product: Product): Promise<void> {
  const name = displayName(product.name);
  const card = scope
    .getByTestId('product-card')
    .filter({ has: scope.getByRole('link', { name, exact: true }) })
    .first();
  await expect(card, `${name}'s card`).toBeVisible();
  await expect(card.getByTestId('product-price')).toHaveText(formatPrice(product.price));
}

/** The page went to this path (within the expect timeout, not the test's). */
async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * Follows a link of the header's main navigation as a plain link, opening the phone menu first
 * where it is folded. A link out of reach is a soft failure: the walk goes on by the address.
 */
async function followHeaderLink(page: Page, label: string, path: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: label,
    exact: true,
  });
  const shows = () =>
    link.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
  if (!(await link.isVisible())) await page.getByTestId('menu-toggle').click();
  const reachable = await shows();
  expect.soft(reachable, `the header's ${label} link shows without JavaScript`).toBe(true);
  if (reachable) await link.click();
  else await page.goto(path);
  await expectPath(page, path);
}

/**
 * axe cannot run where JavaScript is off (the page's timers never fire, so `axe.run` never ends).
 * For the axe check the context opens each document with JavaScript on but without the app: the
 * server's HTML minus its scripts (the inert JSON ones stay) and module preloads, with its
 * `<noscript>` content shown: what a browser without JavaScript lays out.
 */
async function serveWithoutApp(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, (script, tag: string) =>
        (attributesOf(tag).type ?? '').endsWith('json') ? script : '',
      )
      .replace(/<link\b[^>]*\bmodulepreload\b[^>]*>/gi, '')
      .replace(/<\/?noscript\b[^>]*>/gi, '');
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body: html });
  });
}

for (const width of [390, 1280]) {
  test.describe(`JavaScript disabled at ${width} px`, () => {
    test('every public page shows its content, and its links lead on', async ({
      app,
      newShopContext,
    }) => {
      const [featured, homeNews, homeEvents, menu, product, news, events, spaces] =
        await Promise.all([
          featuredProducts(app),
          latestNews(app, HOME_NEWS),
          upcomingEvents(app, HOME_EVENTS),
          menuFirstPage(app, DEFAULT_MENU_FILTERS.category),
          app.getJson<Product>(`/api/v1/products/detail/${PRODUCT_ID}`),
          latestNews(app),
          upcomingEvents(app, EVENTS_PAGE),
          allSpaces(app),
        ]);
      const item = news[1];
      if (!item) throw new Error('the seed has fewer than two news items');
      const context = await newShopContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      const h1 = page.locator('main h1');
      const main = page.locator('main');

      // Home.
      await page.goto('/');
      await expect(h1).toHaveText('Light roasts, warm rooms, good company.');
      for (const shown of featured) await expectProductCard(page, shown);
      for (const story of homeNews) {
        await expect(main.getByText(story.title, { exact: true }).first()).toBeVisible();
      }
      for (const event of homeEvents) {
        await expect(main.getByText(displayName(event.name), { exact: true })).toBeVisible();
      }

      // The menu, from the header's link: its first page, names and prices.
      await followHeaderLink(page, 'Menu', '/menu');
      await expect(h1).toHaveText('Menu');
      for (const shown of menu.items) await expectProductCard(page, shown);

      // A product card is a plain link to its page.
      const [firstOnMenu] = menu.items;
      if (!firstOnMenu) throw new Error('the menu is empty');
      await page.getByRole('link', { name: displayName(firstOnMenu.name), exact: true }).click();
      await expectPath(page, `/menu/detail/${firstOnMenu.productId}`);
      await expect(h1).toHaveText(displayName(firstOnMenu.name));
      await expect(page.getByTestId('detail-price')).toHaveText(formatPrice(firstOnMenu.price));

      // The product page by its address.
      await page.goto(`/menu/detail/${PRODUCT_ID}`);
      await expect(h1).toHaveText(displayName(product.name));
      await expect(page.getByTestId('detail-price')).toHaveText(formatPrice(product.price));

      // News, from the header's link, then a story.
      await followHeaderLink(page, 'News', '/news');
      await expect(h1).toHaveText('News');
      await expect(page.getByTestId('news-card').getByRole('heading', { level: 2 })).toHaveText(
        news.slice(0, NEWS_SLICE).map((story) => story.title),
      );
      await page.getByRole('link', { name: item.title }).click();
      await expectPath(page, `/news/${item.newId}`);
      await expect(h1).toHaveText(item.title);

      // Community and spaces.
      await page.goto('/community');
      await expect(h1).toHaveText('Community');
      for (const event of events) {
        await expect(
          page.getByTestId('upcoming-events').getByText(displayName(event.name), { exact: true }),
        ).toBeVisible();
      }
      await page.goto('/spaces');
      await expect(h1).toHaveText('Spaces');
      for (const space of spaces) {
        // A video's caption starts with "▶ ", so the name is a part of its text. The gallery's
        // HTML holds one layout per width, the one for this width shown (react-photo-album SSR).
        await expect(
          main.getByText(displayName(space.name)).filter({ visible: true }).first(),
        ).toBeVisible();
      }
    });

    test('the home and product pages, as laid out without JavaScript, pass axe in light and dark', async ({
      app,
      newShopContext,
    }) => {
      const product = await app.getJson<Product>(`/api/v1/products/detail/${PRODUCT_ID}`);
      // Without scripts the page has no theme class, and no style of the shop follows the
      // device's colour scheme (the theme is a class, panda.config.ts): a browser in dark lays
      // the page out as one in light. So one pass: expectA11y checks every rule in that layout
      // and the dark theme's contrast painted on it.
      const context = await newShopContext({ viewport: { width, height: 900 } });
      await serveWithoutApp(context);
      const page = await context.newPage();
      for (const [path, heading] of [
        ['/', 'Light roasts, warm rooms, good company.'],
        [`/menu/detail/${PRODUCT_ID}`, displayName(product.name)],
      ] as const) {
        await page.goto(path);
        const h1 = page.locator('main h1');
        await expect(h1).toHaveText(heading);
        expect(
          await h1.evaluate((element) =>
            Object.keys(element).some((key) => key.startsWith('__react')),
          ),
          'no app script ran',
        ).toBe(false);
        await expectA11y(page, `${path} without JavaScript (${width} px)`);
      }
    });
  });
}
