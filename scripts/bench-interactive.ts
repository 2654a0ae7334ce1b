// How soon a rendered page answers a tap, on a phone (issue 27): npm run bench:interactive
// [-- options]. Starts the reference API of a checkout (scripts/bench-server.ts: production mode,
// a fresh database) and drives Debian's chromium with the phone profile of the issue: 390x844 with
// touch, 4x CPU throttling (CDP Emulation.setCPUThrottlingRate) and slow 4G, 150 ms latency and
// 1.6 Mbps down (CDP Network.emulateNetworkConditions). The load-time figures (the window and the
// taps) go through a bare DevTools pipe (scripts/bare-chromium.ts), not Playwright, whose inspector
// makes V8 parse React DOM a second time during the load (ADR-0074). It measures, per checkout:
//   - the window from the first contentful paint to the moment taps work, per page (median of
//     RUNS): a rendered page works once React has hydrated its own part (the last control of
//     <main>, ADR-0073) and marked #root (`data-hydrated`, when the taps captured before it are
//     replayed, ADR-0060), whichever comes later; /cart is rendered in the browser, so it works
//     when its first line's "+" shows;
//   - a tap on the product page's "+" at 0, 100, 300 and 1000 ms after it shows: whether the
//     quantity becomes 2, how long after the tap, and how long until the button showed anything
//     (its pressed state, or the new quantity); each delay twice, by a mouse press and by a CDP
//     touch, which the browser holds until the page's next frame (TapVia);
//   - INP at p75 (PerformanceObserver "event" entries, the longest entry of each interaction) of
//     taps once the page is interactive: "+" in the cart, Add To Cart, a menu tab.
// A benchmark, not a test: it asserts nothing and is not part of `npm run validate`.
//
// Options:
//   --before DIR   also measure another checkout first (a worktree of main with its own build):
//                  the "before" column
//   --runs N       loads per page and per tap delay (default 5)
//   --calibrate    the CPU slowdown fitted to this machine instead of 4x
//                  (scripts/cpu-calibration.ts: 4x scaled by Lighthouse's benchmarkIndex over
//                  1,750, never under 4x), so that runs on a faster hour measure the same phone
//   --write-docs   replace the table between the bench:interactive markers of README.md (issue 27)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { launchChromium } from '../tests/e2e/support/browser';
import { launchBareChromium, type BareBrowser, type BarePage } from './bare-chromium';
import { ensureBuild } from '../tests/e2e/support/build';
import { startBenchServer } from './bench-server';
import { calibratedSlowdown, DEFAULT_CPU_SLOWDOWN, measureBenchmarkIndex } from './cpu-calibration';

const root = join(import.meta.dirname, '..');
const README = join(root, 'README.md');
const MARK_START = '<!-- bench:interactive:start -->';
const MARK_END = '<!-- bench:interactive:end -->';

const { values: options } = parseArgs({
  options: {
    before: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'write-docs': { type: 'boolean', default: false },
    calibrate: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number >= 1');

const PRODUCT = '/menu/detail/3';
const PAGES = [PRODUCT, '/', '/menu', '/cart'] as const;
const TAP_DELAYS_MS = [0, 100, 300, 1000] as const;
/** How long a tap may take to show its effect before it counts as lost. */
const EFFECT_WITHIN_MS = 15_000;
/** Slow 4G of the issue: 150 ms latency, 1.6 Mbps down, 750 kbps up (in bytes per second). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The issue's 4x, or with --calibrate that slowdown fitted to this machine (measured below). */
let cpuSlowdown = DEFAULT_CPU_SLOWDOWN;
/** The benchmarkIndex the slowdown was calibrated from (--calibrate). */
let calibratedFrom: number | null = null;
/** The pause between finding a control and tapping it, as a shopper's eye and thumb take. */
const SETTLE_MS = 500;

/** Page-side probes, before any script of the page: paint, hydration, taps, pressed state, INP. */
function probes(): void {
  const w = window as unknown as Record<string, unknown>;
  const events: { id: number; name: string; duration: number }[] = [];
  w.__events = events;
  new PerformanceObserver((list) => {
    // `interactionId` (Event Timing level 2) is not in TypeScript's DOM types yet.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId?: number;
    })[]) {
      if (entry.interactionId) {
        events.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  document.addEventListener(
    'pointerdown',
    (event) => {
      // When the touch was made, not when the busy page got round to it.
      w.__tapAt ??= event.timeStamp;
    },
    true,
  );
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target = mutation.target as Element;
      if (mutation.attributeName === 'data-hydrated' && target.hasAttribute('data-hydrated')) {
        w.__hydratedAt ??= performance.now();
      }
      if (mutation.attributeName === 'data-pending' && target.hasAttribute('data-pending')) {
        w.__pendingAt ??= performance.now();
      }
    }
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-hydrated', 'data-pending'],
  });
  // The page's own part hydrated. React hydrates the route's Suspense boundary after the root's
  // pass (ADR-0073), and keeps its instance on each element it has hydrated (a `__reactFiber$…`
  // key). Read on the last control of <main>, every 10 ms (one key lookup), so that every checkout
  // is measured alike: before ADR-0073, `#root[data-hydrated]` came with the root's pass, up to
  // 0.4 s before the page's buttons worked.
  let lastControl: Element | undefined;
  const live = setInterval(() => {
    if (document.readyState === 'loading') return;
    lastControl ??= [...document.querySelectorAll('#root main button, #root main a')].at(-1);
    if (!lastControl) return clearInterval(live);
    if (Object.keys(lastControl).some((key) => key.startsWith('__reactFiber'))) {
      w.__pageLiveAt ??= performance.now();
      clearInterval(live);
    }
  }, 10);
  // The product page's quantity reading 2 (tapAfter) and the cart's first "+" (the cart's
  // window), seen when the DOM changes rather than by a poll of Playwright's: its first poll puts
  // Playwright's injected script in the page, an evaluation of 35 to 72 ms at 4x in a trace, in
  // the middle of the load or right after the tap, which no shopper's phone runs.
  new MutationObserver(() => {
    const quantity = document.querySelector('[data-testid="quantity-value"]')?.textContent ?? '';
    if (/\b2\b/.test(quantity)) w.__effectAt ??= performance.now();
    if (document.querySelector('[data-testid="cart-line"] button[aria-label^="Increase"]')) {
      w.__cartPlusAt ??= performance.now();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

async function phoneContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(probes);
  return context;
}

/** The phone's line and CPU, through a DevTools session: Playwright's, or a bare one (BarePage). */
async function throttle(session: Pick<BarePage, 'send'>): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', NETWORK);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/** `throttle` for a page Playwright drives. */
async function throttlePlaywright(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await throttle({ send: (method, params) => cdp.send(method as 'Network.enable', params) });
}

/**
 * The phone of the load-time figures, through a bare DevTools pipe (scripts/bare-chromium.ts):
 * Playwright's Runtime domain makes V8 parse React DOM and the first-visit chunk a second time while
 * they are evaluated, which no shopper's phone does (ADR-0074). A fresh context: a first visit.
 */
async function barePhone(bare: BareBrowser): Promise<BarePage> {
  const page = await bare.newPage();
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 390,
    height: 844,
    deviceScaleFactor: 3,
    mobile: true,
  });
  await page.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await page.send('Page.enable');
  await page.send('Page.setLifecycleEventsEnabled', { enabled: true });
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${probes.toString()})();` });
  return page;
}

/** A time the probes recorded (`window[name]`), once there; null if it did not come in time. */
async function probeTime(page: BarePage, name: string, within: number): Promise<number | null> {
  for (const giveUp = Date.now() + within; Date.now() < giveUp;) {
    const value = await page.evaluate(`window.${name}`);
    if (typeof value === 'number') return value;
    await new Promise((wake) => setTimeout(wake, 50));
  }
  return null;
}

/** Waits until `expression` is true in the page, asking every `every` ms. */
async function until(page: BarePage, expression: string, what: string, every = 50): Promise<void> {
  for (const giveUp = Date.now() + 15_000; Date.now() < giveUp;) {
    if ((await page.evaluate(`Boolean(${expression})`)) === true) return;
    await new Promise((wake) => setTimeout(wake, every));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const plus = (page: Page) => page.getByRole('button', { name: 'Increase quantity' }).first();

/** A guest's cart with one product in it, in this context (unthrottled: it is set-up). */
async function fillCart(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(PRODUCT);
  await page.locator('#root[data-hydrated]').waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.getByRole('dialog').waitFor();
  await page.close();
}

/** The same on a bare page: the cart is the context's, so /cart shows it next. */
async function fillBareCart(page: BarePage, url: string): Promise<void> {
  await page.send('Page.navigate', { url: url + PRODUCT });
  await until(page, `document.querySelector('#root[data-hydrated]')`, 'the product page');
  await page.evaluate(
    `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Add To Cart').click()`,
  );
  await until(page, `document.querySelector('[role="dialog"]')`, 'the cart modal');
}

const FCP = `performance.getEntriesByName('first-contentful-paint')[0]?.startTime`;

/** FCP and the moment taps work on `path`, in ms since navigation. */
async function interactiveWindow(
  bare: BareBrowser,
  url: string,
  path: string,
): Promise<{ fcp: number; interactive: number }> {
  const page = await barePhone(bare);
  try {
    if (path === '/cart') await fillBareCart(page, url);
    await throttle(page);
    await page.send('Page.navigate', { url: url + path });
    // A rendered page works once its own part is hydrated and its held taps are let go.
    const interactive =
      path === '/cart'
        ? ((await probeTime(page, '__cartPlusAt', 30_000)) ?? Number.NaN)
        : Math.max(
            (await probeTime(page, '__hydratedAt', 30_000)) ?? Number.NaN,
            (await probeTime(page, '__pageLiveAt', 30_000)) ?? Number.NaN,
          );
    const fcp = (await probeTime(page, FCP, 30_000)) ?? Number.NaN;
    return { fcp, interactive };
  } finally {
    await page.close();
  }
}

type TapResult = { effectAfter: number | null; feedbackAfter: number | null; held: boolean };

/**
 * How the tap reaches the page. CDP's touch (`Input.dispatchTouchEvent`, Playwright's too) waits in
 * the browser for the page's next frame before the page gets it: 32 to 155 ms at 300 ms after the
 * first paint, in traces (the DevTools command, then `ForwardEmulatedTouchEvent`), which a phone's
 * touch screen does not do. A mouse press through CDP reaches the page at once. Both are measured:
 * the press for what the page answers, the touch as CDP can tap.
 */
type TapVia = 'press' | 'touch';
const TAP_VIAS: TapVia[] = ['press', 'touch'];

/** Where the product page's "+" is once scrolled to the middle of the phone's screen. */
type TapSpot = { scrollBy: number; x: number; y: number };

/** Measured once on an unthrottled load: the layout is the same on every load. */
async function tapSpot(browser: Browser, url: string): Promise<TapSpot> {
  const context = await phoneContext(browser, url);
  try {
    const page = await context.newPage();
    await page.goto(PRODUCT);
    const box = await plus(page).boundingBox();
    if (!box) throw new Error('the product page has no "+"');
    const y = 422;
    return { scrollBy: Math.max(0, box.y + box.height / 2 - y), x: box.x + box.width / 2, y };
  } finally {
    await context.close();
  }
}

/**
 * "+" on the product page tapped `delay` ms after it shows: does the quantity become 2, when. The
 * page paints all of `#root` at once (ADR-0065), so "+" shows at the first contentful paint, which
 * the browser reports through CDP without waiting for the page's main thread. The "+" is below the
 * fold at 390×844: the shopper scrolls it up first (a wheel scroll, run by the compositor), then
 * taps it, `via` a mouse press or a CDP touch (TapVia). Times in the page: the tap's `pointerdown`
 * timestamp (when the tap was made, however long the page took to handle it) to the first
 * `data-pending` on a button (held before hydration, ADR-0060) and to the quantity reading 2.
 */
async function tapAfter(
  bare: BareBrowser,
  url: string,
  spot: TapSpot,
  delay: number,
  via: TapVia,
): Promise<TapResult> {
  const page = await barePhone(bare);
  try {
    await throttle(page);
    const painted = page.next(
      'Page.lifecycleEvent',
      (event) => event.name === 'firstContentfulPaint',
    );
    await page.send('Page.navigate', { url: url + PRODUCT });
    await painted;
    // A wheel scroll, run by the compositor, then the tap itself once the page has the scroll too:
    // the compositor moves the page at once, but the page's main thread learns the new offset with
    // its next frame, and hit-tests a press against the old one until then (a press right after the
    // wheel missed "+" 3 times of 5). A CDP touch waited for that frame anyway (TapVia).
    await page.send('Input.dispatchMouseEvent', {
      type: 'mouseWheel',
      x: spot.x,
      y: spot.y,
      deltaX: 0,
      deltaY: spot.scrollBy,
    });
    await until(page, `window.scrollY >= ${Math.floor(spot.scrollBy)}`, 'the scroll', 5);
    if (delay > 0) await new Promise((wake) => setTimeout(wake, delay));
    if (via === 'touch') {
      await page.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: spot.x, y: spot.y }],
      });
      await page.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } else {
      for (const type of ['mousePressed', 'mouseReleased']) {
        await page.send('Input.dispatchMouseEvent', {
          type,
          x: spot.x,
          y: spot.y,
          button: 'left',
          clickCount: 1,
        });
      }
    }
    const effectAt = await probeTime(page, '__effectAt', EFFECT_WITHIN_MS);
    const tapAt = (await page.evaluate('window.__tapAt')) as number | undefined;
    const pendingAt = (await page.evaluate('window.__pendingAt')) as number | undefined;
    const feedbackAt = Math.min(pendingAt ?? Number.POSITIVE_INFINITY, effectAt ?? Infinity);
    return {
      effectAfter: effectAt === null ? null : effectAt - (tapAt ?? Number.NaN),
      feedbackAfter: Number.isFinite(feedbackAt) ? feedbackAt - (tapAt ?? Number.NaN) : null,
      held: pendingAt !== undefined,
    };
  } finally {
    await page.close();
  }
}

/** The longest event entry of each tap interaction since `since` (ms durations). */
async function interactionsOf(page: Page, seen: Set<number>): Promise<number[]> {
  // Event entries arrive after the next paint: give the page a moment to deliver them.
  await page.waitForTimeout(500);
  const events = (await page.evaluate(
    () => (window as unknown as { __events: unknown[] }).__events,
  )) as { id: number; name: string; duration: number }[];
  const longest = new Map<number, number>();
  for (const event of events) {
    if (seen.has(event.id) || !/^(pointer|touch|click|mouse)/.test(event.name)) continue;
    longest.set(event.id, Math.max(longest.get(event.id) ?? 0, event.duration));
  }
  for (const id of longest.keys()) seen.add(id);
  return [...longest.values()];
}

type Control = 'cart "+"' | 'Add To Cart' | 'menu tab';
const CONTROLS: Control[] = ['cart "+"', 'Add To Cart', 'menu tab'];

/**
 * Durations of taps on `control` once its page works. A tap whose longest entry is under 16 ms
 * is not reported by the browser (the least `durationThreshold`): it counts as 16 ms.
 */
async function inpRun(browser: Browser, url: string, control: Control): Promise<number[]> {
  const context = await phoneContext(browser, url);
  try {
    if (control === 'cart "+"') await fillCart(context);
    const page = await context.newPage();
    await throttlePlaywright(page);
    const seen = new Set<number>();
    const durations: number[] = [];
    const tap = async (target: Locator, settled: () => Promise<unknown>) => {
      // As a shopper taps: the page is settled (nothing loading), the control is where the eye
      // found it, and the touch goes straight to the screen. Playwright's own tap would first run
      // its hit-target checks in the page, on the throttled main thread the tap is measured on.
      await page.waitForLoadState('networkidle');
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      if (!box) throw new Error(`${control}: nothing to tap`);
      await page.waitForTimeout(SETTLE_MS);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await settled();
      const found = await interactionsOf(page, seen);
      durations.push(found.length > 0 ? Math.max(...found) : 16);
    };
    if (control === 'cart "+"') {
      await page.goto('/cart');
      const line = page.getByTestId('cart-line').first();
      const quantity = line.getByTestId('line-quantity');
      for (const expected of ['2', '3', '4']) {
        await tap(line.getByRole('button', { name: /^Increase/ }), () =>
          quantity.filter({ hasText: expected }).waitFor(),
        );
      }
    } else if (control === 'Add To Cart') {
      await page.goto(PRODUCT);
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      for (let time = 0; time < 3; time += 1) {
        await tap(page.getByRole('button', { name: 'Add To Cart' }), () =>
          page.getByRole('dialog').waitFor(),
        );
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        seen.clear();
        await interactionsOf(page, seen); // the Close click is not Add To Cart's
      }
    } else {
      await page.goto('/menu');
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      // A tab is a button (role tab) or, once the menu's controls are links, a link in the tab list.
      const tabs = page.locator('[role="tab"], [role="tablist"] a');
      for (const index of [1, 0, 1]) {
        const target = tabs.nth(index);
        await tap(target, () =>
          page.waitForFunction((i) => {
            const all = document.querySelectorAll('[role="tab"], [role="tablist"] a');
            const chosen = all[i];
            return (
              chosen?.getAttribute('aria-selected') === 'true' ||
              chosen?.getAttribute('aria-current') === 'page'
            );
          }, index),
        );
      }
    }
    return durations;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? Number.NaN;
}

type Figures = {
  windows: Record<string, { fcp: number; interactive: number }>;
  taps: Record<TapVia, Record<number, TapResult[]>>;
  inp: Record<Control, number[]>;
};

async function measure(checkout: string, label: string): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-interactive-'));
  const { url, child } = await startBenchServer({
    cwd: checkout,
    dbFile: join(dataDir, 'shop.sqlite'),
  });
  // The load-time figures through a bare pipe, INP (taps on a settled page, found by their role)
  // through Playwright: React DOM's second parse under Playwright's inspector is over by then.
  const bare = await launchBareChromium();
  const browser = await launchChromium();
  try {
    const figures: Figures = {
      windows: {},
      taps: { press: {}, touch: {} },
      inp: { 'cart "+"': [], 'Add To Cart': [], 'menu tab': [] },
    };
    for (const path of PAGES) {
      const found: { fcp: number; interactive: number }[] = [];
      for (let run = 0; run < runs; run += 1) found.push(await interactiveWindow(bare, url, path));
      figures.windows[path] = {
        fcp: median(found.map((f) => f.fcp)),
        interactive: median(found.map((f) => f.interactive - f.fcp)),
      };
      console.log(
        `${label} ${path}: ${found.map((f) => `${ms(f.fcp)} → ${ms(f.interactive)}`).join(', ')}`,
      );
    }
    const spot = await tapSpot(browser, url);
    for (const delay of TAP_DELAYS_MS) {
      for (const via of TAP_VIAS) {
        const found: TapResult[] = [];
        for (let run = 0; run < runs; run += 1) {
          found.push(await tapAfter(bare, url, spot, delay, via));
        }
        figures.taps[via][delay] = found;
        console.log(`${label} ${via} at ${delay} ms: ${found.map(tapText).join(', ')}`);
      }
    }
    for (const control of CONTROLS) {
      for (let run = 0; run < runs; run += 1) {
        figures.inp[control].push(...(await inpRun(browser, url, control)));
      }
      console.log(`${label} ${control}: ${figures.inp[control].map(ms).join(', ')}`);
    }
    return figures;
  } finally {
    await bare.close();
    await browser.close();
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const tapText = (tap: TapResult) =>
  tap.effectAfter === null
    ? 'lost'
    : `${ms(tap.effectAfter)} (feedback ${ms(tap.feedbackAfter ?? Number.NaN)}${tap.held ? ', pending' : ''})`;

function tapSummary(found: TapResult[]): string {
  const worked = found.filter((tap) => tap.effectAfter !== null);
  const held = found.filter((tap) => tap.held).length;
  const effect = `${worked.length}/${found.length} took effect (${held} pending before the app ran)`;
  if (worked.length === 0) return `${effect}; no feedback`;
  const feedback = found.map((tap) => tap.feedbackAfter).filter((v): v is number => v !== null);
  return (
    `${effect}, after ${ms(median(worked.map((tap) => tap.effectAfter ?? Number.NaN)))}; ` +
    `first feedback ${ms(median(feedback))}`
  );
}

function table(columns: { label: string; figures: Figures }[]): string {
  const head = `| what | ${columns.map((c) => c.label).join(' | ')} |`;
  const rule = `| --- | ${columns.map(() => '---').join(' | ')} |`;
  const rows: string[] = [];
  for (const path of PAGES) {
    rows.push(
      `| FCP → interactive, \`${path}\` (FCP) | ${columns
        .map((c) => {
          const w = c.figures.windows[path];
          return w ? `${ms(w.interactive)} (FCP ${ms(w.fcp)})` : '–';
        })
        .join(' | ')} |`,
    );
  }
  const how: Record<TapVia, string> = {
    press: 'pressed (a mouse press)',
    touch: 'tapped (CDP touch)',
  };
  for (const delay of TAP_DELAYS_MS) {
    for (const via of TAP_VIAS) {
      rows.push(
        `| "+" on \`${PRODUCT}\` ${how[via]} ${delay} ms after it shows | ${columns
          .map((c) => tapSummary(c.figures.taps[via][delay] ?? []))
          .join(' | ')} |`,
      );
    }
  }
  for (const control of CONTROLS) {
    rows.push(
      `| INP p75, ${control} | ${columns
        .map((c) => `${ms(p75(c.figures.inp[control]))} (${c.figures.inp[control].length} taps)`)
        .join(' | ')} |`,
    );
  }
  return [head, rule, ...rows].join('\n');
}

ensureBuild();
if (options.calibrate) {
  const browser = await launchChromium();
  try {
    calibratedFrom = await measureBenchmarkIndex(await browser.newPage());
    cpuSlowdown = calibratedSlowdown(calibratedFrom);
  } finally {
    await browser.close();
  }
  console.log(`benchmarkIndex ${calibratedFrom}: CPU slowdown ${cpuSlowdown}x`);
}
const load = loadavg()[0] ?? 0;
const columns: { label: string; figures: Figures }[] = [];
if (options.before) {
  columns.push({ label: 'before', figures: await measure(resolve(options.before), 'before') });
}
columns.push({
  label: options.before ? 'after' : 'this checkout',
  figures: await measure(root, 'after'),
});
const loadAfter = loadavg()[0] ?? 0;
const commitOf = (checkout: string) =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
const commit = commitOf(root);
const text =
  `Phone profile (390×844, touch, ${cpuSlowdown}× CPU` +
  `${calibratedFrom === null ? '' : `, calibrated from benchmarkIndex ${calibratedFrom}`}, ` +
  `150 ms and 1.6 Mbps), Debian chromium, median of ` +
  `${runs} loads per page and per tap delay, INP p75 of ${runs * 3} taps per control; ` +
  `${new Date().toISOString().slice(0, 10)}, commit ${commit}` +
  `${options.before ? `, before: ${commitOf(resolve(options.before))} (${options.before})` : ''}, load average ${load.toFixed(2)} ` +
  `before and ${loadAfter.toFixed(2)} after (2 cores).\n\n${table(columns)}`;
console.log(`\n${text}`);

if (options['write-docs']) {
  const doc = readFileSync(README, 'utf8');
  const from = doc.indexOf(MARK_START);
  const to = doc.indexOf(MARK_END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${MARK_START} … ${MARK_END}`);
  const updated = doc.slice(0, from + MARK_START.length) + `\n\n${text}\n\n` + doc.slice(to);
  const config = await resolveConfig(README);
  writeFileSync(README, await format(updated, { ...config, filepath: README }));
  console.log('README.md: table written');
}
