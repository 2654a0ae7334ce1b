// Bundle-size benchmark: what a shopper downloads, against the budgets of issue 5.
// Usage: npm run bench:bundle. Builds the production bundle with a manifest into a temporary
// folder (dist/ is left alone), then prints Markdown tables for docs/performance.md. The first
// visit to / (budget 110 kB gzip of JavaScript) is measured twice:
// - from Vite's manifest: the scripts the built index.html loads and every chunk they import
//   statically, transitively (the browser fetches them before anything renders), plus the CSS.
//   This misses whatever the page loads with import() as soon as it starts;
// - in a real browser: the reference API serves that build (fresh temporary database), headless
//   Chromium opens / in a fresh context (nothing stored: a first visit) at 1280x800 and at
//   390x844, waits for the load event and then for the network to stay quiet for a second (at
//   most 15 s in all), without scrolling or touching anything, and every JavaScript file it
//   fetched from the shop is counted. Files outside the manifest figure are named as dynamic
//   imports.
// The first-visit verdict takes the larger of the two figures. Sizes are computed from the built
// files (gzip level 9, brotli at its default best quality), not from the transfer.
// Each route's own lazily loaded chunk has a budget of 30 kB gzip. Shared chunks a route pulls in
// besides the first visit's are listed beside it, so nothing hides in a "shared" file.
// The script only reports: an over-budget verdict exits 0; a failed build or browser exits 1.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Request, Response } from 'playwright-core';
import { build, type Manifest } from 'vite';
import { startServer, type RunningServer } from '../server/src/main';
import { routePatterns, type RouteName } from '../src/lib/paths';
import { launchChromium } from '../tests/e2e/support/browser';

const FIRST_VISIT_BUDGET = 110 * 1024;
const ROUTE_CHUNK_BUDGET = 30 * 1024;

/** The browser visits: a desktop and a phone-sized window, each a first visit. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
/** The network counts as quiet once nothing has been in flight for this long... */
const QUIET_MS = 1000;
/** ...and a visit (navigation, load, quiet) stops waiting after this long in all. */
const VISIT_CAP_MS = 15_000;

const root = join(import.meta.dirname, '..');
// One temporary folder for the build and the server's database, removed at the end.
const tempRoot = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
const outDir = join(tempRoot, 'dist');
const dataDir = join(tempRoot, 'data');

type Size = { raw: number; gzip: number; brotli: number };

function sizeOf(file: string): Size {
  const body = readFileSync(join(outDir, file));
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body).length,
  };
}

function sum(files: Iterable<string>): Size {
  let total: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    total = {
      raw: total.raw + size.raw,
      gzip: total.gzip + size.gzip,
      brotli: total.brotli + size.brotli,
    };
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const verdict = (bytes: number, budget: number) =>
  bytes <= budget ? `ok (≤ ${kb(budget)})` : `OVER (> ${kb(budget)})`;

/** A manifest key's JavaScript file and those it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file]);
  for (const imported of chunk.imports ?? []) {
    for (const file of staticClosure(manifest, imported, seen)) files.add(file);
  }
  return files;
}

/**
 * Where the first visit starts: the module scripts the built index.html loads (with the
 * first-visit chunk group of vite.config.ts the manifest marks no chunk as the entry).
 */
function entryKeys(manifest: Manifest): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/?([^"]+)"/g)].map((match) => match[1]);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keys = scripts.flatMap((file) => {
    const key = file === undefined ? undefined : keyOf.get(file);
    return key === undefined ? [] : [key];
  });
  if (keys.length === 0) throw new Error('index.html loads no chunk of the manifest');
  return keys;
}

function cssOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) for (const css of manifest[key]?.css ?? []) files.add(css);
  return files;
}

/** One JavaScript answer the browser got from the shop during a visit, in arrival order. */
type FetchedScript = {
  url: string;
  status: number;
  /** Body bytes as sent (after content-encoding), once the request finished. */
  sent: number | null;
  encoding: string;
};

type Visit = {
  viewport: { width: number; height: number };
  scripts: FetchedScript[];
  /** JavaScript from other origins: not ours to budget, but worth knowing about. */
  foreign: string[];
  /** The network never stayed quiet for QUIET_MS before VISIT_CAP_MS ran out. */
  capped: boolean;
  /** Page errors, console errors, failed scripts: the figure may be low if the page broke. */
  problems: string[];
  elapsedMs: number;
};

function isJavaScript(response: Response): boolean {
  const { pathname } = new URL(response.url());
  const type = response.headers()['content-type'] ?? '';
  return /\.m?js$/i.test(pathname) || /javascript|ecmascript/i.test(type);
}

/** Opens / in a fresh context (no storage, no cache) and records the JavaScript it fetches. */
async function visit(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number },
): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const scripts: FetchedScript[] = [];
    const byRequest = new Map<Request, FetchedScript>();
    const foreign: string[] = [];
    const problems: string[] = [];
    const sizes: Promise<void>[] = [];
    const inFlight = new Set<Request>();
    let lastChange = Date.now();

    context.on('request', (request) => {
      inFlight.add(request);
      lastChange = Date.now();
    });
    context.on('response', (response) => {
      if (!isJavaScript(response)) return;
      if (new URL(response.url()).origin !== origin) {
        foreign.push(response.url());
        return;
      }
      const script: FetchedScript = {
        url: response.url(),
        status: response.status(),
        sent: null,
        encoding: response.headers()['content-encoding'] ?? 'identity',
      };
      scripts.push(script);
      byRequest.set(response.request(), script);
    });
    context.on('requestfinished', (request) => {
      inFlight.delete(request);
      lastChange = Date.now();
      const script = byRequest.get(request);
      if (script) {
        sizes.push(
          request.sizes().then(
            (size) => void (script.sent = size.responseBodySize),
            () => undefined,
          ),
        );
      }
    });
    context.on('requestfailed', (request) => {
      inFlight.delete(request);
      lastChange = Date.now();
      if (request.resourceType() === 'script') {
        problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });

    const started = Date.now();
    const deadline = started + VISIT_CAP_MS;
    await page.goto(`${origin}/`, { waitUntil: 'load', timeout: VISIT_CAP_MS });
    let capped = true;
    while (Date.now() < deadline) {
      if (inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS) {
        capped = false;
        break;
      }
      await new Promise((resolveTimer) => setTimeout(resolveTimer, 50));
    }
    const elapsedMs = Date.now() - started;
    await Promise.all(sizes);
    if ((await page.locator('#root > *').count()) === 0) problems.push('#root is empty');
    return { viewport, scripts, foreign, capped, problems, elapsedMs };
  } finally {
    await context.close();
  }
}

/** The reference API serving the build in outDir, with a fresh database; each viewport once. */
async function measureInBrowser(serverProblems: string[]): Promise<Visit[]> {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    server = await startServer({
      port: 0,
      dbFile: join(dataDir, 'shop.sqlite'),
      distDir: outDir,
      development: false,
      logger: {
        info: () => undefined,
        error: (message, error) =>
          serverProblems.push(
            `server error: ${message} ${error instanceof Error ? error.message : String(error ?? '')}`,
          ),
      },
    });
    browser = await launchChromium();
    const visits: Visit[] = [];
    for (const viewport of VIEWPORTS) visits.push(await visit(browser, server.url, viewport));
    return visits;
  } finally {
    await browser?.close().catch((error: unknown) => console.error('closing Chromium:', error));
    await server?.close().catch((error: unknown) => console.error('closing the server:', error));
  }
}

/** "/assets/x.js" -> "assets/x.js" when that file is in outDir, else null. */
function builtFile(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  const full = resolve(outDir, path.replace(/^\/+/, ''));
  if (!full.startsWith(outDir + sep) || !existsSync(full)) return null;
  return relative(outDir, full).split(sep).join('/');
}

/** A manifest key as a reader knows it: the source module, or a shared chunk. */
function sourceOf(key: string | undefined): string {
  if (key === undefined) return 'not in the manifest';
  return key.startsWith('_') ? 'shared chunk' : key;
}

/** One viewport's table and notes; answers its JavaScript total in gzip bytes. */
function reportVisit(
  visit: Visit,
  manifest: Manifest,
  firstVisitJs: Set<string>,
  entryFiles: Set<string>,
): number {
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files: string[] = [];
  const times = new Map<string, number>();
  const sent = new Map<string, string>();
  const unmapped: string[] = [];
  const problems = [...visit.problems];
  for (const script of visit.scripts) {
    if (script.status < 200 || script.status >= 300) {
      problems.push(`${script.url} answered ${script.status}`);
      continue;
    }
    const file = builtFile(script.url);
    if (!file) {
      unmapped.push(script.url);
      continue;
    }
    if (!times.has(file)) files.push(file);
    times.set(file, (times.get(file) ?? 0) + 1);
    if (script.sent !== null) sent.set(file, `${kb(script.sent)} ${script.encoding}`);
  }
  const dynamic = files.filter((file) => !firstVisitJs.has(file));
  const notFetched = [...firstVisitJs].filter((file) => !times.has(file));
  const total = sum(files);

  const { width, height } = visit.viewport;
  console.log(`### ${width}×${height}
`);
  console.log('| file | gzip | brotli | sent (encoding) | how it loaded |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const file of files) {
    const size = sizeOf(file);
    const key = keyOf.get(file);
    const how = !firstVisitJs.has(file)
      ? `**dynamic import, not in the manifest closure** (${sourceOf(key)})`
      : entryFiles.has(file)
        ? 'entry'
        : 'static import';
    const repeat = (times.get(file) ?? 1) > 1 ? ` (fetched ${times.get(file)} times)` : '';
    console.log(
      `| ${file}${repeat} | ${kb(size.gzip)} | ${kb(size.brotli)} | ${sent.get(file) ?? '?'} | ${how} |`,
    );
  }
  console.log(
    `| **total, ${files.length} files** | **${kb(total.gzip)}** | **${kb(total.brotli)}** | | ` +
      `${verdict(total.gzip, FIRST_VISIT_BUDGET)} |
`,
  );

  const notes: string[] = [];
  notes.push(
    dynamic.length > 0
      ? `Loaded by dynamic import() during the first visit, missing from the manifest figure: ` +
          `${dynamic.length} files, ${kb(sum(dynamic).gzip)} gzip (${dynamic.join(', ')}).`
      : 'Nothing was loaded outside the manifest static closure.',
  );
  if (notFetched.length > 0) {
    notes.push(
      `In the manifest static closure but not fetched: ${kb(sum(notFetched).gzip)} gzip ` +
        `(${notFetched.join(', ')}).`,
    );
  }
  if (unmapped.length > 0) {
    notes.push(`JavaScript URLs with no file in the build (not counted): ${unmapped.join(', ')}.`);
  }
  if (visit.foreign.length > 0) {
    notes.push(`JavaScript from other origins (not counted): ${visit.foreign.join(', ')}.`);
  }
  notes.push(
    visit.capped
      ? `The network never stayed quiet for ${QUIET_MS} ms within ${VISIT_CAP_MS / 1000} s: ` +
          'counted what had arrived by then.'
      : `Quiet after ${(visit.elapsedMs / 1000).toFixed(1)} s (load, then ${QUIET_MS} ms ` +
          'with nothing in flight).',
  );
  if (problems.length > 0) {
    notes.push(`Problems during the visit (the figure may be low): ${problems.join('; ')}.`);
  }
  for (const note of notes) console.log(`- ${note}`);
  console.log('');
  return total.gzip;
}

function report(manifest: Manifest, visits: Visit[] | Error, serverProblems: string[]) {
  const entries = entryKeys(manifest);
  const seen = new Set<string>();
  const firstVisitJs = new Set(entries.flatMap((key) => [...staticClosure(manifest, key, seen)]));
  const entryFiles = new Set(entries.map((key) => manifest[key]?.file ?? ''));
  const firstVisitKeys = Object.keys(manifest).filter((key) =>
    firstVisitJs.has(manifest[key]?.file ?? ''),
  );
  const firstVisitCss = cssOf(manifest, firstVisitKeys);
  const js = sum(firstVisitJs);
  const css = sum(firstVisitCss);

  console.log('## First visit to /\n');
  console.log(
    "From Vite's manifest: the scripts index.html loads and their static imports, transitively.\n",
  );
  console.log('| file | raw | gzip | brotli |');
  console.log('| --- | --- | --- | --- |');
  for (const file of [...firstVisitJs, ...firstVisitCss]) {
    const size = sizeOf(file);
    console.log(`| ${file} | ${kb(size.raw)} | ${kb(size.gzip)} | ${kb(size.brotli)} |`);
  }
  console.log(
    `\nJavaScript: **${kb(js.gzip)} gzip** (${kb(js.brotli)} brotli, ${kb(js.raw)} raw) ` +
      `by the manifest. CSS: ${kb(css.gzip)} gzip. ` +
      'Fonts load only as text needs them (two latin woff2 files, about 36 kB each).\n',
  );

  console.log('## First visit to / in Chromium\n');
  console.log(
    'What headless Chromium fetched from the shop, in order, in a fresh context: load, then ' +
      `${QUIET_MS} ms of quiet network (at most ${VISIT_CAP_MS / 1000} s), no scrolling or input. ` +
      'Sizes are those of the built files.\n',
  );
  const figures = [`the manifest closure ${kb(js.gzip)}`];
  let worst = js.gzip;
  if (visits instanceof Error) {
    console.log(`**The browser measurement failed**: ${visits.message.split('\n')[0]}\n`);
  } else {
    for (const visit of visits) {
      const gzip = reportVisit(visit, manifest, firstVisitJs, entryFiles);
      figures.push(`Chromium at ${visit.viewport.width}×${visit.viewport.height} ${kb(gzip)}`);
      worst = Math.max(worst, gzip);
    }
  }
  if (serverProblems.length > 0) {
    console.log(`Reference API problems: ${serverProblems.join('; ')}\n`);
  }
  console.log(
    `**First visit verdict**: ${kb(worst)} gzip of JavaScript, the largest of ` +
      `${figures.join(', ')}: ${verdict(worst, FIRST_VISIT_BUDGET)}` +
      `${visits instanceof Error ? ' (manifest only: the browser measurement failed)' : ''}.\n`,
  );

  // The router's lazy pages, named after the route table (src/app/routes.tsx imports
  // src/features/<feature>/<name>-page.tsx for each route).
  console.log('## Each route\n');
  console.log('| route | own chunk | gzip | budget | shared chunks it adds (gzip) |');
  console.log('| --- | --- | --- | --- | --- |');
  const pageKeys = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && /^src\/features\/.+\.tsx$/.test(key),
  );
  for (const key of pageKeys.sort()) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const own = sizeOf(chunk.file);
    const extra = [...staticClosure(manifest, key)].filter(
      (file) => file !== chunk.file && !firstVisitJs.has(file),
    );
    const extraSize = extra.length > 0 ? `${kb(sum(extra).gzip)} (${extra.join(', ')})` : '–';
    console.log(
      `| ${routeOf(key)} | ${chunk.file} | ${kb(own.gzip)} | ` +
        `${verdict(own.gzip, ROUTE_CHUNK_BUDGET)} | ${extraSize} |`,
    );
  }
  const home = Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx'));
  console.log(
    `\nHome (${routePatterns.home}) ${home ? 'is its own chunk' : 'is part of the first-visit chunk'}.`,
  );
}

/** Page files whose name is not their route's name in the route table. */
const PAGE_ROUTES: Record<string, RouteName> = {
  'product-page': 'productDetail',
  'address-list-page': 'accountAddress',
  'order-confirmation-page': 'completedCheckout',
};

/** "src/features/menu/menu-page.tsx" -> "/menu (menu-page)", from the route table. */
function routeOf(key: string): string {
  const page =
    key
      .split('/')
      .pop()
      ?.replace(/\.tsx$/, '') ?? key;
  if (!page.endsWith('-page')) return `${page} (overlay, opened from the Order button)`;
  const camel = page
    .replace(/-page$/, '')
    .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const name = PAGE_ROUTES[page] ?? (camel in routePatterns ? (camel as RouteName) : undefined);
  return name ? `${routePatterns[name]} (${page})` : page;
}

// Ctrl-C skips finally blocks; the temporary folder goes anyway (Playwright closes Chromium).
process.once('SIGINT', () => {
  rmSync(tempRoot, { recursive: true, force: true });
  process.exit(130);
});

let failed = false;
try {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const serverProblems: string[] = [];
  let visits: Visit[] | Error;
  try {
    visits = await measureInBrowser(serverProblems);
  } catch (error) {
    failed = true;
    visits = error instanceof Error ? error : new Error(String(error));
    console.error('The browser measurement failed:', error);
  }
  report(manifest, visits, serverProblems);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  rmSync(tempRoot, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
