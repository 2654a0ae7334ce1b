// Bundle-size benchmark: what a shopper downloads, against the budgets of issue 5.
// Usage: npm run bench:bundle. Builds the production bundle with a manifest into a temporary
// folder (dist/ is left alone), then prints Markdown tables for the README:
// - the first visit to /: the entry chunk, every chunk it imports statically (the browser
//   fetches them before anything renders) and the CSS; budget 110 kB gzip of JavaScript;
// - each route's own lazily loaded chunk; budget 30 kB gzip. Shared chunks a route pulls in
//   besides the first visit's are listed beside it, so nothing hides in a "shared" file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { routePatterns, type RouteName } from '../src/components/paths';

const FIRST_VISIT_BUDGET = 110 * 1024;
const ROUTE_CHUNK_BUDGET = 30 * 1024;

const root = join(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));

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

function cssOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) for (const css of manifest[key]?.css ?? []) files.add(css);
  return files;
}

function report(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const firstVisitJs = staticClosure(manifest, entryKey);
  const firstVisitKeys = Object.keys(manifest).filter((key) =>
    firstVisitJs.has(manifest[key]?.file ?? ''),
  );
  const firstVisitCss = cssOf(manifest, firstVisitKeys);
  const js = sum(firstVisitJs);
  const css = sum(firstVisitCss);

  console.log('## First visit to /\n');
  console.log('| file | raw | gzip | brotli |');
  console.log('| --- | --- | --- | --- |');
  for (const file of [...firstVisitJs, ...firstVisitCss]) {
    const size = sizeOf(file);
    console.log(`| ${file} | ${kb(size.raw)} | ${kb(size.gzip)} | ${kb(size.brotli)} |`);
  }
  console.log(
    `\nJavaScript: **${kb(js.gzip)} gzip** (${kb(js.brotli)} brotli, ${kb(js.raw)} raw): ` +
      `${verdict(js.gzip, FIRST_VISIT_BUDGET)}. CSS: ${kb(css.gzip)} gzip. ` +
      'Fonts load only as text needs them (two latin woff2 files, about 36 kB each).\n',
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
    `\nHome (${routePatterns.home}) ${home ? 'is its own chunk' : 'is part of the entry chunk'}.`,
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

try {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  report(manifest);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
