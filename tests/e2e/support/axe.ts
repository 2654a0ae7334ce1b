import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * How many finite animations and transitions the page is still running (a toast fading in, a
 * button's colour after a theme change). Reading a computed style first makes the browser start
 * the transitions a class change just asked for. Endless ones (a spinner) do not count.
 */
function runningFiniteAnimations(): number {
  getComputedStyle(document.documentElement).getPropertyValue('color');
  return document
    .getAnimations()
    .filter(
      (animation) =>
        animation.playState === 'running' &&
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
    ).length;
}

/** Waits until every finite animation of the page has finished (axe must not sample a fade). */
async function animationsSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(runningFiniteAnimations), {
      message: 'animations still running',
      intervals: [50, 100, 250],
    })
    .toBe(0);
}

/**
 * Runs `analyse` with the page's animation clock stopped (Chrome DevTools Protocol), so nothing
 * fades while axe reads colours: a toast whose time runs out during the analysis starts leaving
 * but stays at its first frame (fully shown) until axe is done, instead of being measured
 * half-transparent (contrast 1.01 under load).
 */
async function withAnimationsFrozen<T>(page: Page, analyse: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  try {
    return await analyse();
  } finally {
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await cdp.detach();
  }
}

/**
 * Runs axe-core on what the page shows now, once its animations have finished, and fails on any
 * serious or critical violation, naming the rule and the first offending elements.
 */
async function expectNoSeriousViolations(
  page: Page,
  where: string,
  { rules, include = [] }: { rules?: string[]; include?: string[] },
): Promise<void> {
  await animationsSettled(page);
  // Legacy mode runs axe in the page itself: the default mode finishes every analysis in a new
  // blank page (a renderer process each time), which cost more than the analysis on two cores.
  // The shop has no frames for it to cross. Only violations are collected (passes are not read).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
  for (const selector of include) builder = builder.include(selector);
  const results = await withAnimationsFrozen(page, () => builder.analyze());
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

/**
 * Paints the theme in place, as the theme store does (no reload: open dialogs stay open), with
 * its colour transitions skipped: the style is recomputed while transitions are off, so every
 * element is at the theme's final colours at once (axe judges those, never a fade, and need not
 * wait 0.15 to 0.4 s for each to end).
 */
function paintTheme(page: Page, dark: boolean): Promise<void> {
  return page.evaluate((isDark) => {
    const root = document.documentElement;
    const instant = document.createElement('style');
    instant.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(instant);
    root.classList.toggle('dark', isDark);
    root.classList.toggle('light', !isDark);
    root.style.colorScheme = isDark ? 'dark' : 'light';
    void document.body.offsetHeight; // style and layout now, while transitions are off
    instant.remove();
  }, dark);
}

/**
 * Accessibility of what the page shows now, in both themes: every WCAG 2.x A/AA rule (serious and
 * critical) in the current theme, then the colour-contrast rule alone in the other theme (the
 * only rule a theme changes), painted in place, then the shopper's theme again. Each pass waits
 * for the page's animations to finish first. `include` limits both passes to CSS selectors.
 */
export async function expectA11y(page: Page, where: string, include: string[] = []) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  const theme = (isDark: boolean) => (isDark ? 'dark' : 'light');
  await expectNoSeriousViolations(page, `${where} (${theme(dark)})`, { include });
  await paintTheme(page, !dark);
  try {
    await expectNoSeriousViolations(page, `${where} (${theme(!dark)}, contrast)`, {
      rules: ['color-contrast'],
      include,
    });
  } finally {
    await paintTheme(page, dark);
  }
}

/** Puts the page in a theme the way a returning shopper would have it (the stored preference). */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await storeTheme(page, theme);
  await page.reload();
  await expectTheme(page, theme);
}

/**
 * Stores the shopper's theme without reloading, for a page still to open: the page must be on
 * the shop's origin (`openOrigin` in support/cart.ts). Check it with `expectTheme` once open.
 */
export async function storeTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
}

/** The page shows this theme (the class on <html>). */
export async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(theme === 'dark');
}
