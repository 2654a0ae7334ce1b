// Lighthouse benchmark of the public pages (issue 19): npm run bench:lighthouse [-- options].
// Builds dist/ when it is stale (as the e2e tests do), starts the reference API the way
// scripts/start.sh serves it (NODE_ENV=production, the SPA and /api/v1 on one origin, a freshly
// seeded throwaway database, the local OpenID provider beside it) in a child process, then runs
// Lighthouse 12 in Debian's chromium (headless, no sandbox; a fresh browser per run, nothing
// downloaded) RUNS times on each page, with its mobile defaults (simulated throttling, Moto G
// Power screen 412x823) or `--preset desktop` (Lighthouse's desktop config at 1280x800). Per page
// it prints the median of each figure across the runs, then the budgets each page misses (and
// the audits behind a score under 100, the elements behind a layout shift). Exits 1 when a page
// misses a budget or a run fails; it is a benchmark, not part of `npm run validate`.
//
// Options:
//   --pages /a,/b     only these paths (default: the public pages below; the news item is the
//                     first of GET /api/v1/news)
//   --runs N          runs per page (default 3)
//   --preset desktop  Lighthouse's desktop config at 1280x800 (default: mobile)
//   --calibrate       mobile with the CPU slowdown fitted to this machine (scripts/cpu-calibration.ts:
//                     4x scaled by Lighthouse's benchmarkIndex over 1,750, never under 4x)
//   --write-docs      replace the table between the bench:lighthouse markers of
//                     docs/performance.md (default pages and the mobile preset only; with
//                     --calibrate, the table between the bench:lighthouse-calibrated markers)
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import type { News } from '../src/api/types';
import { paths } from '../src/lib/paths';
import { format, resolveConfig } from 'prettier';
import { chromiumArgs, chromiumPath, launchChromium } from '../tests/e2e/support/browser';
import { ensureBuild } from '../tests/e2e/support/build';
import { calibratedSlowdown, DEFAULT_CPU_SLOWDOWN, measureBenchmarkIndex } from './cpu-calibration';

const root = join(import.meta.dirname, '..');
const PERFORMANCE_DOC = join(root, 'docs', 'performance.md');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const NEWS_ITEM = '/news/<first>';
const DEFAULT_PAGES = ['/', '/menu', '/menu/detail/3', '/news', NEWS_ITEM, '/community', '/spaces'];

/** Budgets of issue 19: performance at least 95, the other scores 100, no layout shift at all. */
const BUDGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const LONG_TASK_LIMIT_MS = 200;

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string' },
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'mobile' },
    'write-docs': { type: 'boolean', default: false },
    calibrate: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number >= 1');
if (options.preset !== 'mobile' && options.preset !== 'desktop') {
  throw new Error('--preset is mobile or desktop');
}
const desktop = options.preset === 'desktop';
if (options.calibrate && desktop) throw new Error('--calibrate is for the mobile preset');
const MARKS = options.calibrate ? 'bench:lighthouse-calibrated' : 'bench:lighthouse';
const MARK_START = `<!-- ${MARKS}:start -->`;
const MARK_END = `<!-- ${MARKS}:end -->`;
if (options['write-docs'] && (options.pages !== undefined || desktop)) {
  throw new Error('--write-docs writes the full mobile table: drop --pages and --preset');
}

/**
 * The CPU slowdown of the mobile runs: Lighthouse's 4x, or with --calibrate that slowdown fitted
 * to this machine's benchmarkIndex, measured once before the runs.
 */
async function cpuSlowdown(): Promise<{ multiplier: number; index: number | null }> {
  if (!options.calibrate) return { multiplier: DEFAULT_CPU_SLOWDOWN, index: null };
  const browser = await launchChromium();
  try {
    const index = await measureBenchmarkIndex(await browser.newPage());
    return { multiplier: calibratedSlowdown(index), index };
  } finally {
    await browser.close();
  }
}
const slowdown = await cpuSlowdown();
/** Lighthouse's mobile defaults with the CPU slowdown above (the same as the defaults at 4x). */
const MOBILE_CONFIG: Config = {
  extends: 'lighthouse:default',
  settings: {
    throttling: {
      ...constants.throttling.mobileSlow4G,
      cpuSlowdownMultiplier: slowdown.multiplier,
    },
  },
};

/** The desktop preset at the shop's desktop width (Lighthouse's own is 1350x940). */
const DESKTOP_CONFIG: Config = {
  ...desktopConfig,
  settings: {
    ...desktopConfig.settings,
    screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1 },
  },
};

type Figures = {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The longest main-thread task Lighthouse lists (simulated under throttling); 0: none >= 50 ms. */
  longestTaskMs: number;
  /** Audits under a full score in the categories other than performance, "category: audit". */
  failedAudits: string[];
  /** Elements behind the layout shifts (the layout-shifts audit), with their summed scores. */
  shiftingElements: Map<string, number>;
  lcpElement: string | null;
  /**
   * Lighthouse's measure of this machine's CPU at the run (`environment.benchmarkIndex`): the
   * simulated throttling multiplies what it observed by 4, so TBT follows it (docs/performance.md).
   */
  benchmarkIndex: number;
};

type Server = { url: string; child: ChildProcess; dataDir: string; output: string[] };

/** `NODE_ENV=production tsx server/src/main.ts` on a free port with a throwaway database. */
async function startShop(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DB_FILE: join(dataDir, 'shop.sqlite'),
      LOCAL_OIDC_PORT: '0',
      DEMO_IDENTITY_PROVIDER: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 60 s')), 60_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const ready = /Storefront ready at (http:\/\/\S+?)\/?\s/.exec(output.join(''));
      if (ready?.[1]) {
        clearTimeout(timer);
        resolveUrl(ready[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output.join('')}`));
    });
  });
  return { url, child, dataDir, output };
}

const running = (server: Server) =>
  server.child.exitCode === null && server.child.signalCode === null;

async function stopShop(server: Server): Promise<void> {
  if (running(server)) {
    const exited = new Promise((resolveExit) => server.child.once('exit', resolveExit));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function firstNewsPath(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/api/v1/news`);
  if (!answer.ok) throw new Error(`GET /api/v1/news answered ${answer.status}`);
  const news = (await answer.json()) as News[];
  if (!news[0]) throw new Error('GET /api/v1/news answered no news');
  return paths.newsDetail(news[0].newId);
}

function numeric(result: Result, audit: string): number {
  const value = result.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new Error(`no figure for the audit ${audit}`);
  return value;
}

type Item = Record<string, unknown>;
function itemsOf(result: Result, audit: string): Item[] {
  const details = result.audits[audit]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
}

/** A node in an audit's details: its selector (and a short label when there is one). */
function nodeName(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const node = value as { type?: string; selector?: string; nodeLabel?: string };
  if (node.type !== 'node' || !node.selector) return null;
  const label = node.nodeLabel ? ` ("${node.nodeLabel.replace(/\s+/g, ' ').slice(0, 40)}")` : '';
  return `${node.selector}${label}`;
}

function figuresOf(result: Result): Figures {
  const scores = {} as Record<Category, number | null>;
  const failedAudits: string[] = [];
  for (const id of CATEGORIES) {
    const category = result.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    if (id === 'performance' || !category) continue;
    for (const ref of category.auditRefs) {
      const audit = result.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failedAudits.push(`${id}: ${ref.id}`);
      }
    }
  }
  const longest = Math.max(
    0,
    ...itemsOf(result, 'long-tasks').map((item) =>
      typeof item.duration === 'number' ? item.duration : 0,
    ),
  );
  const shiftingElements = new Map<string, number>();
  for (const item of itemsOf(result, 'layout-shifts')) {
    const name = nodeName(item.node);
    const shift = typeof item.score === 'number' ? item.score : 0;
    if (name) shiftingElements.set(name, (shiftingElements.get(name) ?? 0) + shift);
  }
  const lcpItems = itemsOf(result, 'largest-contentful-paint-element').flatMap((item) => {
    const inner = (item.items as Item[] | undefined) ?? [item];
    return inner.map((entry) => nodeName(entry.node));
  });
  return {
    scores,
    lcpMs: numeric(result, 'largest-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    fcpMs: numeric(result, 'first-contentful-paint'),
    longestTaskMs: longest,
    failedAudits,
    shiftingElements,
    lcpElement: lcpItems.find((name) => name !== null) ?? null,
    benchmarkIndex: Math.round(result.environment.benchmarkIndex),
  };
}

/** The browser of the run under way, closed if the script is stopped. */
let currentChrome: LaunchedChrome | undefined;

/** One Lighthouse run in a fresh headless chromium (its own profile, removed afterwards). */
async function runOnce(url: string): Promise<Figures> {
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...chromiumArgs],
      logLevel: 'silent',
    });
    currentChrome = chrome;
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const answer = await lighthouse(url, flags, desktop ? DESKTOP_CONFIG : MOBILE_CONFIG);
    if (!answer) throw new Error('Lighthouse returned nothing');
    const { lhr } = answer;
    if (lhr.runtimeError) {
      throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    }
    for (const warning of lhr.runWarnings) console.warn(`  warning: ${warning}`);
    return figuresOf(lhr);
  } finally {
    chrome?.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

type PageResult = {
  path: string;
  runs: Figures[];
  /** Runs that failed twice. */
  errors: string[];
  /** Runs that failed once and were tried again. */
  retried: string[];
};

type Summary = {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  longestTaskMs: number;
};

function summarise(runsOfPage: Figures[]): Summary {
  const scores = {} as Record<Category, number | null>;
  for (const id of CATEGORIES) {
    const values = runsOfPage.flatMap((run) => (run.scores[id] === null ? [] : [run.scores[id]]));
    scores[id] = values.length > 0 ? median(values) : null;
  }
  return {
    scores,
    lcpMs: median(runsOfPage.map((run) => run.lcpMs)),
    tbtMs: median(runsOfPage.map((run) => run.tbtMs)),
    cls: median(runsOfPage.map((run) => run.cls)),
    fcpMs: median(runsOfPage.map((run) => run.fcpMs)),
    longestTaskMs: median(runsOfPage.map((run) => run.longestTaskMs)),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const score = (value: number | null) => (value === null ? '–' : String(Math.round(value)));
/** A layout shift: 0 only when nothing moved at all; a tiny one keeps two significant digits. */
const clsText = (cls: number) =>
  cls === 0 ? '0' : cls < 0.001 ? cls.toPrecision(2) : cls.toFixed(3);

function table(results: PageResult[]): string {
  const lines = [
    '| page | perf | a11y | best pr. | SEO | LCP | TBT | CLS | FCP | longest task |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { path, runs: pageRuns, errors } of results) {
    if (pageRuns.length === 0) {
      lines.push(`| \`${path}\` | failed: ${errors[0] ?? '?'} | | | | | | | | |`);
      continue;
    }
    const s = summarise(pageRuns);
    const longest = s.longestTaskMs === 0 ? '< 50 ms' : millis(s.longestTaskMs);
    lines.push(
      `| \`${path}\` | ${score(s.scores.performance)} | ${score(s.scores.accessibility)} | ` +
        `${score(s.scores['best-practices'])} | ${score(s.scores.seo)} | ${seconds(s.lcpMs)} | ` +
        `${millis(s.tbtMs)} | ${clsText(s.cls)} | ${seconds(s.fcpMs)} | ${longest} |`,
    );
  }
  return lines.join('\n');
}

/** Each shifting element, its largest summed shift in a run, and in how many runs it shifted. */
function shiftingAcross(pageRuns: Figures[]): string[] {
  const largest = new Map<string, { shift: number; runs: number }>();
  for (const run of pageRuns) {
    for (const [name, shift] of run.shiftingElements) {
      const known = largest.get(name) ?? { shift: 0, runs: 0 };
      largest.set(name, { shift: Math.max(known.shift, shift), runs: known.runs + 1 });
    }
  }
  return [...largest]
    .sort(([, a], [, b]) => b.shift - a.shift)
    .map(
      ([name, { shift, runs: count }]) =>
        `${name}: up to ${clsText(shift)} (${count}/${pageRuns.length} runs)`,
    );
}

/** What each page misses, with the audits and elements behind it; empty when all is in budget. */
function misses(results: PageResult[]): string[] {
  const lines: string[] = [];
  for (const { path, runs: pageRuns, errors } of results) {
    for (const error of errors) lines.push(`\`${path}\`: a run failed: ${error}`);
    if (pageRuns.length === 0) continue;
    const s = summarise(pageRuns);
    const missed: string[] = [];
    for (const id of CATEGORIES) {
      const value = s.scores[id];
      if (value === null || value < BUDGETS[id]) {
        missed.push(`${id} ${score(value)} (budget ${BUDGETS[id]})`);
      }
    }
    if (s.cls !== 0) missed.push(`CLS ${clsText(s.cls)} (budget 0)`);
    if (missed.length > 0) lines.push(`\`${path}\` misses: ${missed.join(', ')}`);
    const seen = (list: string[][]) =>
      [...new Set(list.flat())].map((entry) => {
        const count = list.filter((run) => run.includes(entry)).length;
        return count === list.length ? entry : `${entry} [${count}/${list.length} runs]`;
      });
    const audits = seen(pageRuns.map((run) => run.failedAudits));
    if (audits.length > 0) lines.push(`  - audits under 100: ${audits.join('; ')}`);
    if (s.cls !== 0) {
      const shifting = shiftingAcross(pageRuns);
      lines.push(`  - shifting: ${shifting.length > 0 ? shifting.join('; ') : '(none named)'}`);
    }
    if (s.longestTaskMs > LONG_TASK_LIMIT_MS) {
      lines.push(
        `  - longest main-thread task ${millis(s.longestTaskMs)} (> ${LONG_TASK_LIMIT_MS} ms)`,
      );
    }
    const lcp = pageRuns[pageRuns.length - 1]?.lcpElement;
    if (missed.length > 0 && lcp) lines.push(`  - LCP element: ${lcp}`);
  }
  return lines;
}

function commitName(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  try {
    const sha = git('rev-parse', '--short', 'HEAD').trim();
    return git('status', '--porcelain', '--untracked-files=no').trim() ? `${sha}+changes` : sha;
  } catch {
    return 'unknown commit';
  }
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
  console.log('docs/performance.md: the Lighthouse table is updated.');
}

let failed = false;
ensureBuild();
let server = await startShop();
// Ctrl-C or a kill skips the finally below: the server and the browser of the run go anyway.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    server.child.kill('SIGTERM');
    currentChrome?.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
    process.exit(code);
  });
}
/**
 * The server, started again (fresh seeded database, new port) if it stopped: on a shared machine
 * another process may end it. Said loudly, since the runs before and after are not alike.
 */
async function liveShop(): Promise<Server> {
  if (running(server)) return server;
  const { exitCode, signalCode } = server.child;
  const last = server.output.join('').trim().split('\n').slice(-3).join(' | ');
  console.warn(
    `The server stopped (exit ${exitCode ?? '-'}, signal ${signalCode ?? '-'}; last output: ` +
      `${last}); starting it again.`,
  );
  serverRestarts += 1;
  await stopShop(server);
  server = await startShop();
  return server;
}
let serverRestarts = 0;
const results: PageResult[] = [];
try {
  const newsItem = await firstNewsPath(server.url);
  const pages = (options.pages?.split(',') ?? DEFAULT_PAGES).map((path) =>
    path === NEWS_ITEM ? newsItem : path.trim(),
  );
  const load = loadavg()[0]?.toFixed(2) ?? '?';
  console.log(
    `Lighthouse ${options.preset} on ${server.url}, ${runs} run(s) per page, ` +
      (desktop ? '' : `CPU slowdown ${slowdown.multiplier}x, `) +
      `load average ${load} at the start.`,
  );
  for (const path of pages) {
    const result: PageResult = { path, runs: [], errors: [], retried: [] };
    for (let run = 1; run <= runs; run += 1) {
      // A run Lighthouse could not finish (an interstitial under heavy load) gets one more try;
      // the retry is reported, and a second failure counts as a failed run.
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const started = Date.now();
        try {
          const figures = await runOnce(`${(await liveShop()).url}${path}`);
          result.runs.push(figures);
          console.log(
            `${path} run ${run}: perf ${score(figures.scores.performance)}, ` +
              `LCP ${seconds(figures.lcpMs)}, TBT ${millis(figures.tbtMs)}, ` +
              `CLS ${clsText(figures.cls)}, benchmarkIndex ${figures.benchmarkIndex} ` +
              `(${seconds(Date.now() - started)})`,
          );
          break;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const line = message.split('\n')[0] ?? message;
          if (attempt === 1) {
            result.retried.push(line);
            console.warn(`${path} run ${run} failed, trying once more: ${line}`);
          } else {
            result.errors.push(line);
            console.error(`${path} run ${run} failed again:`, error);
          }
        }
      }
    }
    results.push(result);
  }
  const loadAfter = loadavg()[0]?.toFixed(2) ?? '?';
  const mobileName =
    slowdown.index === null
      ? 'mobile defaults (simulated throttling)'
      : `mobile, simulated throttling with the CPU slowdown calibrated to ${slowdown.multiplier}x ` +
        `(benchmarkIndex ${slowdown.index} before the runs)`;
  const heading =
    `Lighthouse 12 ${desktop ? 'desktop (1280x800)' : mobileName}, ` +
    `Debian chromium, median of ${runs} run(s) per page; ${new Date().toISOString().slice(0, 10)}, ` +
    `commit ${commitName()}, load average ${load} before and ${loadAfter} after (2 cores).`;
  const block = `${heading}\n\n${table(results)}`;
  console.log(`\n${block}\n`);
  if (serverRestarts > 0) {
    console.log(`Note: the server stopped and was started again ${serverRestarts} time(s).`);
  }
  for (const { path, retried } of results) {
    for (const reason of retried) console.log(`Note: a run of \`${path}\` was retried: ${reason}`);
  }
  const missed = misses(results);
  if (missed.length > 0) {
    failed = true;
    console.log(
      'Budgets (performance >= 95, accessibility, best practices and SEO 100, CLS 0) missed:\n',
    );
    for (const line of missed) console.log(line.startsWith('  ') ? line : `- ${line}`);
  } else {
    console.log('Every page is within the budgets.');
  }
  if (options['write-docs']) await writeDocs(block);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stopShop(server);
}
if (failed) process.exitCode = 1;
