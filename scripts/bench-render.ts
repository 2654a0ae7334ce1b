// Server rendering under a burst (issue 27): what distinct rendered pages at once do to another
// shopper's API calls. Usage: npm run bench:render [-- --write-docs] [-- --root DIR --label NAME].
// Not part of the gate (about a minute). Needs a build (`npm run build`) in the measured root.
//
// The server (a child process, so the load generator does not share its event loop) on a fresh
// database serves:
// 1. the cart read alone: GET /api/v1/cart from two clients, one request after another, in a
//    process of their own;
// 2. BURST distinct /menu?search= pages requested at once, BURSTS times one after another, the
//    cart read measured meanwhile;
// 3. a sustained burst: CONNECTIONS clients asking distinct /menu?search= pages for RUN_SECONDS,
//    the cart read measured meanwhile.
// Each page answered is counted as rendered (`data-ssr` in its HTML) or as the shell.
// --root runs the server of another checkout (a worktree of main: the "before" figures);
// --write-docs puts the table between the bench:render markers of docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server';
import { format, resolveConfig } from 'prettier';

const BURST = 200;
/** Bursts one after another, for enough cart reads to give a p99. */
const BURSTS = 5;
const CONNECTIONS = 50;
const RUN_SECONDS = 10;
const CART_CLIENTS = 2;

const repoRoot = join(import.meta.dirname, '..');
const PERFORMANCE_DOC = join(repoRoot, 'docs', 'performance.md');
const MARK_START = '<!-- bench:render:start -->';
const MARK_END = '<!-- bench:render:end -->';

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}
const serverRoot = resolve(arg('--root') ?? repoRoot);
const label = arg('--label') ?? (serverRoot === repoRoot ? 'this checkout' : serverRoot);

function startChild(dbFile: string): Promise<{ url: string; child: ChildProcess }> {
  return startBenchServer({ cwd: serverRoot, dbFile });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

type CartFigures = { p50: number; p99: number; max: number; count: number; failed: number };

/**
 * The cart reader: its own process, so the work of the page burst's client (reading and
 * decompressing hundreds of pages) does not show up as the cart's latency. CART_CLIENTS loops of
 * GET /api/v1/cart, one request after another, until stdin closes; then the times as JSON.
 */
const CART_READER = `
const url = process.argv[1];
const clients = Number(process.argv[2]);
const times = [];
let failed = 0;
let done = false;
process.stdin.on('end', () => { done = true; });
process.stdin.resume();
const client = async () => {
  while (!done || times.length < 20) {
    const start = performance.now();
    const res = await fetch(url + '/api/v1/cart');
    await res.arrayBuffer();
    times.push(performance.now() - start);
    if (res.status !== 200) failed += 1;
  }
};
await Promise.all(Array.from({ length: clients }, client));
process.stdout.write(JSON.stringify({ times, failed }));
`;

/** The cart read's latency, measured by the cart reader while `until` runs. */
async function measureCart(url: string, until: Promise<unknown>): Promise<CartFigures> {
  const reader = spawn(
    process.execPath,
    ['--input-type=module', '-e', CART_READER, url, String(CART_CLIENTS)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  reader.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise((r) => reader.once('exit', r));
  await until.finally(() => reader.stdin.end());
  await exited;
  const { times, failed } = JSON.parse(out) as { times: number[]; failed: number };
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(...times),
    count: times.length,
    failed,
  };
}

type PageCount = { rendered: number; shells: number; other: number };

function countPage(counts: PageCount, status: number, body: string): void {
  if (status !== 200) counts.other += 1;
  else if (body.includes('data-ssr=')) counts.rendered += 1;
  else counts.shells += 1;
}

/** BURST distinct menu searches at once. */
async function burstAtOnce(url: string, run: number): Promise<PageCount> {
  const counts: PageCount = { rendered: 0, shells: 0, other: 0 };
  await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const res = await fetch(`${url}/menu?search=burst-${run}-${i}`);
      countPage(counts, res.status, await res.text());
    }),
  );
  return counts;
}

/** CONNECTIONS clients asking distinct menu searches for RUN_SECONDS. */
async function sustainedBurst(url: string): Promise<PageCount> {
  const counts: PageCount = { rendered: 0, shells: 0, other: 0 };
  let n = 0;
  await autocannon({
    url,
    duration: RUN_SECONDS,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `/menu?search=sustained-${(n += 1)}` }),
        onResponse: (status, body) => countPage(counts, status, body),
      },
    ],
  });
  return counts;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function row(what: string, cart: CartFigures, pages?: PageCount): string {
  const pageText = pages
    ? `${pages.rendered} rendered, ${pages.shells} shells${pages.other ? `, ${pages.other} other` : ''}`
    : 'none';
  return `| ${what} | ${ms(cart.p50)} | ${ms(cart.p99)} | ${ms(cart.max)} | ${cart.count}${cart.failed ? ` (${cart.failed} failed)` : ''} | ${pageText} |`;
}

/** Puts the table between the markers, formatted as `npm run format:check` wants it. */
async function writeDocs(block: string): Promise<void> {
  const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
  const start = doc.indexOf(MARK_START);
  const end = doc.indexOf(MARK_END);
  if (start < 0 || end < start)
    throw new Error(`docs/performance.md has no ${MARK_START} ... ${MARK_END}`);
  const updated = doc.slice(0, start + MARK_START.length) + `\n\n${block}\n\n` + doc.slice(end);
  const config = (await resolveConfig(PERFORMANCE_DOC)) ?? {};
  writeFileSync(PERFORMANCE_DOC, await format(updated, { ...config, filepath: PERFORMANCE_DOC }));
  console.log('docs/performance.md: the render table is updated.');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-bench-render-'));
  let child: ChildProcess | undefined;
  try {
    const started = await startChild(join(dir, 'shop.sqlite'));
    child = started.child;
    const { url } = started;
    // One render first: the server entry is loaded and every page part with it.
    const warm = await fetch(`${url}/menu`);
    if (!(await warm.text()).includes('data-ssr='))
      throw new Error(
        `${url}/menu is not rendered on the server: is there a build in ${serverRoot}?`,
      );

    const alone = await measureCart(url, new Promise((r) => setTimeout(r, 3_000)));
    console.log(`cart alone: p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)}`);
    const burst = (async () => {
      const total: PageCount = { rendered: 0, shells: 0, other: 0 };
      for (let run = 1; run <= BURSTS; run += 1) {
        const counts = await burstAtOnce(url, run);
        total.rendered += counts.rendered;
        total.shells += counts.shells;
        total.other += counts.other;
      }
      return total;
    })();
    const duringBurst = await measureCart(url, burst);
    const burstPages = await burst;
    console.log(
      `cart during ${BURSTS} × ${BURST} pages at once: p50 ${ms(duringBurst.p50)}, p99 ${ms(duringBurst.p99)}`,
    );
    const sustained = sustainedBurst(url);
    const duringSustained = await measureCart(url, sustained);
    const sustainedPages = await sustained;
    console.log(
      `cart during ${CONNECTIONS} clients for ${RUN_SECONDS} s: p50 ${ms(duringSustained.p50)}, p99 ${ms(duringSustained.p99)}`,
    );

    const table = [
      `Run on ${label}, ${new Date().toISOString().slice(0, 10)}.`,
      '',
      '| cart read (GET /api/v1/cart) | p50 | p99 | max | cart reads | pages answered |',
      '| --- | --- | --- | --- | --- | --- |',
      row('alone', alone),
      row(
        `while ${BURST} distinct /menu?search= pages are asked at once (${BURSTS} times)`,
        duringBurst,
        burstPages,
      ),
      row(
        `while ${CONNECTIONS} clients ask distinct /menu?search= pages for ${RUN_SECONDS} s`,
        duringSustained,
        sustainedPages,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);
    if (process.argv.includes('--write-docs')) await writeDocs(table);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
