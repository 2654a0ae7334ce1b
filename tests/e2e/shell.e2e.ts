import { expect as pwExpect } from '@playwright/test';
import type { Page } from 'playwright-core';
import type { ShopEvent, Space } from '../../src/api/types';
import { expectNoSeriousA11yViolations, setTheme } from './support/axe';
import { expect, test } from './support/e2e-test';

/** Scrolls through the page so every lazy image and section below the fold has loaded. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${where}`).toBe(0);
}

for (const width of [390, 1280]) {
  test(`at ${width} px, home and not-found pass axe in light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await pwExpect(page.getByTestId('featured-products')).toBeVisible();
      await scrollThrough(page);
      await pwExpect(page.getByTestId('spaces-carousel')).toBeVisible();
      await pwExpect(page.getByTestId('upcoming-events')).toBeVisible();
      await pwExpect(page.getByTestId('news-teaser')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `home, ${theme}, ${width} px`);
      await expectNoSidewaysScroll(page, `home, ${theme}, ${width} px`);

      await page.goto('/no-such-page');
      await pwExpect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `not-found, ${theme}, ${width} px`);
      await expectNoSidewaysScroll(page, `not-found, ${theme}, ${width} px`);
      await page.goto('/');
    }
  });
}

test('the theme: light and dark are explicit classes, kept across a reload; system follows the device', async ({
  page,
}) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await pwExpect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A first visit follows the device: light here, and the class says so.
  await pwExpect(html).toHaveClass('light');

  // The device turns dark: so does the shop, at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await pwExpect(html).toHaveClass('dark');
  await pwExpect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'light' });
  await pwExpect(html).toHaveClass('light');

  // I choose dark with the header's toggle; it survives a reload, even on a light device.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await pwExpect(html).toHaveClass('dark');
  await page.reload();
  await pwExpect(html).toHaveClass('dark');
  await pwExpect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  // I choose light: the class is `light` (not just "no dark"), also after a reload on a dark device.
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await pwExpect(html).toHaveClass('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await pwExpect(html).toHaveClass('light');

  // Back to "System" in the footer: the shop follows the (dark) device again, and its changes.
  const theme = page.getByRole('contentinfo').getByRole('group', { name: 'Theme' });
  await theme.getByText('System').click();
  await pwExpect(html).toHaveClass('dark');
  await page.reload();
  await pwExpect(html).toHaveClass('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await pwExpect(html).toHaveClass('light');
  await pwExpect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
});

test('on the home page I browse the spaces with the keyboard and the buttons, and see what is on', async ({
  page,
  app,
}) => {
  const spaces = await app.getJson<Space[]>('/api/v1/spaces');
  const events = await app.getJson<ShopEvent[]>('/api/v1/events/upcoming?size=3');
  await page.goto('/');

  const carousel = page.getByTestId('spaces-carousel');
  await carousel.scrollIntoViewIfNeeded();
  const slides = carousel.getByRole('link');
  await pwExpect(slides).toHaveCount(spaces.length);
  const names = await slides.evaluateAll((links) =>
    links.map((link) => link.querySelector('span > span')?.textContent?.toLowerCase()),
  );
  expect(names).toEqual(spaces.map((space) => space.name.toLowerCase()));

  // The row starts at the beginning: nothing to go back to.
  const previous = page.getByRole('button', { name: 'Previous spaces' });
  const next = page.getByRole('button', { name: 'Next spaces' });
  await pwExpect(previous).toBeDisabled();

  // "Next" moves the row along; "Previous" is then available.
  await next.click();
  await expect.poll(() => carousel.evaluate((track) => track.scrollLeft)).toBeGreaterThan(0);
  await pwExpect(previous).toBeEnabled();
  await previous.click();
  await expect.poll(() => carousel.evaluate((track) => track.scrollLeft)).toBe(0);

  // With the keyboard: the first slide takes focus, the arrows move along the row and End goes
  // to the last slide, which scrolls into view.
  await slides.first().focus();
  await page.keyboard.press('ArrowRight');
  await pwExpect(slides.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await pwExpect(slides.last()).toBeFocused();
  await pwExpect(slides.last()).toBeInViewport();
  await pwExpect(next).toBeDisabled();
  await page.keyboard.press('Home');
  await pwExpect(slides.first()).toBeFocused();

  // The upcoming events are the API's, soonest first, and lead to the community page.
  const eventCards = page.getByTestId('event-card');
  await pwExpect(eventCards).toHaveCount(events.length);
  await pwExpect(eventCards.getByTestId('event-name')).toHaveText(events.map((e) => e.name));
  await eventCards.first().click();
  await page.waitForURL('**/community');
  await pwExpect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();

  // Back home, a news item opens its article.
  await page.goBack();
  const firstNews = page.getByTestId('news-teaser').getByRole('link').first();
  const href = await firstNews.getAttribute('href');
  expect(href).toMatch(/^\/news\/\d+$/);
  await firstNews.click();
  await page.waitForURL(`**${href ?? ''}`);
});
