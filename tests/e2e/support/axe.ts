import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on what the page shows now and fails on any serious
 * or critical violation, naming the rule and the first offending elements. Call it once per
 * state worth checking (a page, an open drawer, each checkout step), in light and in dark.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  where: string,
  /** CSS selectors to limit the check to (e.g. a page's `main` and a dialog); default: all. */
  include: string[] = [],
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe on ${where}`).toEqual([]);
}

/** Puts the page in a theme the way a returning shopper would have it (the stored preference). */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(theme === 'dark');
}
