// The e2e journeys (tests/e2e/*.e2e.ts) on Playwright Test, driving Debian's chromium (its headless
// shell, ADR-0069) against the built SPA and the reference API (tests/e2e/support/fixtures.ts).
// `npm run test:e2e`.
import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eChromiumPath } from './tests/e2e/support/browser';

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.e2e.ts',
  // Builds dist/ once when it is stale (a no-op in `npm run validate`, which builds first).
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: '.e2e-artifacts/results',
  // Two workers everywhere, CI included: the machine has two cores and each worker has its own
  // app. Tests spread one by one (they share nothing but the worker's app).
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  timeout: 120_000,
  // A ceiling, not a wait: assertions pass as soon as the state is there. 10 s was missed once
  // by a product page's heading with a second e2e run and a gate beside it on two cores.
  expect: { timeout: 20_000 },
  reporter: [
    ['list'],
    // scripts/test.sh reads the counts from here for the gate's closing line.
    ['json', { outputFile: '.e2e-artifacts/results.json' }],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: e2eChromiumPath(), args: chromiumArgs },
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    // No trace: 'retain-on-failure' records every test (DOM snapshots of each action) and throws
    // the passing ones away, and that recording cost a fifth of the e2e layer's time on two cores
    // (media-sizes.e2e.ts, same code and load: 289 s of test time with it, 225 s without). A
    // failed test keeps its screenshot, Playwright's error context (the page's accessibility
    // tree at the failure) and the harness's record of console and page errors with a
    // screenshot of every page (support/fixtures.ts). For a trace, rerun the test with
    // `npx playwright test <file> -g "<name>" --trace on` (docs/testing.md).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
