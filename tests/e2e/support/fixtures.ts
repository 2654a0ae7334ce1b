// The one harness of the e2e journeys, on Playwright Test (playwright.config.ts).
//
// Worker-scoped: `app`, the built SPA and the reference API on a fresh database, one per worker
// and shared by every test the worker runs (so journeys never rely on a fresh database: unique
// shoppers per test, no exact stock of a product another test buys); `browser` comes from the
// config (Debian's chromium). Test-scoped: `context` and `page` with the app as baseURL, 1280x900
// and reduced motion (the config's `use`), watched for errors; `newShopContext()` for a second,
// separate browser (a friend's, a stranger's), watched the same way.
//
// A test fails on any console error, uncaught page error, server error or answer that broke
// openapi.yaml (docs/conventions.md: errors in the console are defects), except the failed
// answers it declares in `expectedHttpErrors` (Chromium logs every 4xx/5xx answer as a console
// error).
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { startApp, type RunningApp, type StartAppOptions } from './app-server';

/** `status: 0`: no answer at all (the network dropped on purpose). */
export type ExpectedHttpError = { status: number; path: RegExp };

export type WorkerFixtures = {
  /**
   * Options of the worker's app. A file that needs the fault headers (X-Inject-Latency,
   * X-Inject-Status) says `test.use({ appOptions: { faults: true } })`; Playwright gives such
   * files a worker of their own.
   */
  appOptions: StartAppOptions;
  /** Built SPA + reference API with a fresh database, one per worker. */
  app: RunningApp;
};

export type TestFixtures = {
  /**
   * Answers a journey provokes on purpose (a refused promo, an injected failure, a 404 that is
   * the point of the test): either `test.use({ expectedHttpErrors: [...] })` for a file or a
   * describe block, or push `{ status, path }` in the test. Chromium's "Failed to load resource"
   * console line for a matching answer is then not counted as an error; any other still fails.
   */
  expectedHttpErrors: ExpectedHttpError[];
  /** Another browser context (its own storage, like another browser), watched for errors. */
  newShopContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** What went wrong during the test (console, page, server); checked after the test. */
  errorWatch: ErrorWatch;
  /**
   * Tap like an impatient shopper on a phone (issue 27, ADR-0060): `test.use({ impatient: true })`
   * gives the test's pages the phone profile (390x844 with touch, 4x CPU, slow 4G) and does not
   * wait for a rendered page to hydrate after `goto` or `reload`: each step acts as soon as its
   * control shows, as a shopper does.
   */
  impatient: boolean;
};

type ErrorWatch = { problems: string[]; watch: (context: BrowserContext) => void };

// `net::ERR_INTERNET_DISCONNECTED`: no answer at all, declared as `status: 0` (a journey that
// drops the network on purpose, issue 16).
const FAILED_RESOURCE =
  /^Failed to load resource: (?:the server responded with a status of (\d+)|net::ERR_INTERNET_DISCONNECTED)/;

/**
 * The sandbox's Stripe stand-in answers a declined card or a failed 3-D Secure with 402, as
 * Stripe does (ADR-0050). Real Stripe.js makes that request from its own frame, out of the
 * page's console; the sandbox makes it from the page, so Chromium logs it. A decline is the
 * shopper's card's answer, not an error of the shop.
 */
const STRIPE_DECLINE: ExpectedHttpError = {
  status: 402,
  path: /^\/v1\/payment_intents\/[A-Za-z0-9_]+\/(confirm|authenticate)$/,
};

function isExpectedFailure(expected: ExpectedHttpError[], message: ConsoleMessage): boolean {
  const failed = FAILED_RESOURCE.exec(message.text());
  const url = message.location().url;
  if (!failed || !url) return false;
  const status = failed[1] ? Number(failed[1]) : 0;
  const path = new URL(url).pathname;
  return [...expected, STRIPE_DECLINE].some(
    (allowed) => allowed.status === status && allowed.path.test(path),
  );
}

/**
 * A page the server rendered works once React has hydrated it (src/app/page-hydrated.tsx marks
 * #root when the page's own part is, ADR-0073), a moment after it shows: its app scripts load
 * after the first paint (ADR-0037). So a journey that opens or reloads a page acts once it is
 * ready, as a shopper does; a page rendered in the browser (no `data-ssr="hydrate"`), or served
 * without its scripts, is ready when it loads.
 */
const HYDRATED_WITHIN_MS = 20_000;

function waitForHydrationAfterLoads(page: Page): void {
  const settle = () =>
    page.waitForFunction(
      () => {
        const root = document.getElementById('root');
        if (!root || root.dataset.ssr !== 'hydrate' || root.dataset.hydrated !== undefined) {
          return true;
        }
        // The app comes only through the page's inline boot script (a journey may serve the
        // HTML without its scripts, as a browser without JavaScript would lay it out).
        return ![...document.scripts].some((script) => !script.src && !script.type);
      },
      undefined,
      { timeout: HYDRATED_WITHIN_MS },
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await settle();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
}

/**
 * The phone of issue 27: 4x CPU, slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) and no HTTP cache,
 * set through the page's DevTools session before it loads anything (the viewport and touch are
 * context options).
 */
const PHONE_VIEWPORT = { width: 390, height: 844 };

async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Every page as on a first visit: with the scripts cached, the window before they run shrinks.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

/** Every page of a context with scripts on (a context without them never hydrates). */
function waitForHydrationIn(context: BrowserContext, scripts = true): void {
  if (!scripts) return;
  for (const page of context.pages()) waitForHydrationAfterLoads(page);
  context.on('page', waitForHydrationAfterLoads);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  appOptions: [{}, { scope: 'worker', option: true }],
  app: [
    async ({ appOptions }, provide) => {
      const app = await startApp(appOptions);
      await provide(app);
      await app.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, provide) => provide(app.url),

  // A fresh array per test (an option's default would be one array shared by every test).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from it
  expectedHttpErrors: [async ({}, provide) => provide([]), { option: true }],
  errorWatch: async ({ app, expectedHttpErrors }, provide) => {
    const problems: string[] = [];
    const watch = (context: BrowserContext) => {
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (isExpectedFailure(expectedHttpErrors, message)) return;
        const where = message.location().url ? ` (${message.location().url})` : '';
        problems.push(`console.error: ${message.text()}${where}`);
      });
      context.on('weberror', (error) =>
        problems.push(`page error: ${error.error().stack ?? error.error().message}`),
      );
    };
    app.takeServerProblems(); // what an earlier test of this worker left is that test's
    await provide({ problems, watch });
    problems.push(...app.takeServerProblems());
    if (problems.length > 0) {
      throw new Error(`${problems.length} error(s) during the test:\n${problems.join('\n')}`);
    }
  },
  impatient: [false, { option: true }],
  viewport: async ({ viewport, impatient }, provide) =>
    provide(impatient ? PHONE_VIEWPORT : viewport),
  hasTouch: async ({ hasTouch, impatient }, provide) => provide(impatient || hasTouch),
  isMobile: async ({ isMobile, impatient }, provide) => provide(impatient || isMobile),
  context: async ({ context, errorWatch, impatient }, provide, testInfo) => {
    errorWatch.watch(context);
    // An impatient shopper does not wait: the tap before hydration is what the test is about.
    if (!impatient) waitForHydrationIn(context);
    await provide(context);
    // Playwright's own failure screenshot is taken when the test body fails; a test that only
    // logged errors fails after it, so keep what its pages showed here.
    if (errorWatch.problems.length > 0) {
      for (const [index, page] of context.pages().entries()) {
        const path = testInfo.outputPath(`errors-page-${index}.png`);
        await page.screenshot({ path, fullPage: true }).catch(() => undefined);
        await testInfo.attach(`page ${index} when the errors were seen`, {
          path,
          contentType: 'image/png',
        });
      }
    }
  },
  page: async ({ page, impatient }, provide) => {
    if (impatient) await throttleLikeAPhone(page);
    await provide(page);
  },
  newShopContext: async ({ browser, baseURL, errorWatch }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 1280, height: 900 },
        reducedMotion: 'reduce',
        ...options,
      });
      errorWatch.watch(context);
      waitForHydrationIn(context, options.javaScriptEnabled !== false);
      opened.push(context);
      return context;
    });
    for (const context of opened) await context.close();
  },
});

export { expect };
export type { BrowserContext, Page } from '@playwright/test';
