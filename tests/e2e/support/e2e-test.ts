import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { startApp, type RunningApp } from './app-server';
import { launchChromium } from './browser';
import { ensureBuild } from './build';
import { artifactsDir } from './paths';

export type E2EFixtures = {
  /** Built SPA + reference API with a fresh DB, one per test file. */
  app: RunningApp;
  browser: Browser;
  /** A page in a fresh browser context (no storage shared between tests). */
  page: Page;
  /**
   * Answers a journey provokes on purpose (a refused promo, an injected failure): push
   * `{ status, path }` and Chromium's "Failed to load resource" console line for a matching
   * answer is not counted as an error. Any other failed answer still fails the test.
   */
  expectedHttpErrors: ExpectedHttpError[];
};

export type ExpectedHttpError = { status: number; path: RegExp };

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d+)/;

function isExpectedFailure(expected: ExpectedHttpError[], text: string, url: string): boolean {
  const status = Number(FAILED_RESOURCE.exec(text)?.[1]);
  if (!status || !url) return false;
  const path = new URL(url).pathname;
  return expected.some((allowed) => allowed.status === status && allowed.path.test(path));
}

function fileSafe(name: string): string {
  return name
    .replace(/[^a-z0-9-]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * `test` for journeys. Any console error or uncaught page error fails the test (conventions.md:
 * errors in the console are defects), and a failing test leaves a full-page screenshot in
 * .e2e-artifacts/.
 */
// Fixture callbacks name their second argument `provide`: vitest calls it `use`, which the React
// hooks lint rule would mistake for React's use().
export const test = base.extend<E2EFixtures>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from this pattern
    async ({}, provide) => {
      ensureBuild();
      const app = await startApp();
      await provide(app);
      await app.close();
    },
    { scope: 'file' },
  ],
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from this pattern
    async ({}, provide) => {
      const browser = await launchChromium();
      await provide(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from this pattern
  expectedHttpErrors: async ({}, provide) => provide([]),
  page: async ({ app, browser, task, expectedHttpErrors }, provide) => {
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        if (isExpectedFailure(expectedHttpErrors, message.text(), message.location().url)) return;
        const where = message.location().url ? ` (${message.location().url})` : '';
        problems.push(`console.error: ${message.text()}${where}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));

    await provide(page);

    problems.push(...app.takeServerProblems());
    if (task.result?.state === 'fail' || problems.length > 0) {
      mkdirSync(artifactsDir, { recursive: true });
      const file = join(artifactsDir, `${fileSafe(`${task.file.name}-${task.name}`)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.info(`[e2e] screenshot: ${file}`);
    }
    await context.close();
    if (problems.length > 0) {
      throw new Error(`${problems.length} error(s) during the test:\n${problems.join('\n')}`);
    }
  },
});

export { expect } from 'vitest';
