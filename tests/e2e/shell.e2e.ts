import type { Page } from '@playwright/test';
import type { ShopEvent, Space } from '../../src/api/types';
import { displayName } from '../../src/lib/display-name';
import { expectA11y, setTheme } from './support/axe';
import { expect, test } from './support/fixtures';

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
      await expect(page.getByTestId('featured-products')).toBeVisible();
      await scrollThrough(page);
      await expect(page.getByTestId('spaces-carousel')).toBeVisible();
      await expect(page.getByTestId('upcoming-events')).toBeVisible();
      await expect(page.getByTestId('news-teaser')).toBeVisible();
      // expectA11y checks the other theme's contrast too: one full pass is enough.
      if (theme === 'light') await expectA11y(page, `home, ${width} px`);
      await expectNoSidewaysScroll(page, `home, ${theme}, ${width} px`);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      if (theme === 'light') await expectA11y(page, `not-found, ${width} px`);
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
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A first visit follows the device: light here, and the class says so.
  await expect(html).toHaveClass('light');

  // The device turns dark: so does the shop, at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass('dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass('light');

  // I choose dark with the header's toggle; it survives a reload, even on a light device.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass('dark');
  await page.reload();
  await expect(html).toHaveClass('dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  // I choose light: the class is `light` (not just "no dark"), also after a reload on a dark device.
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).toHaveClass('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).toHaveClass('light');

  // Back to "System" in the footer: the shop follows the (dark) device again, and its changes.
  const theme = page.getByRole('contentinfo').getByRole('group', { name: 'Theme' });
  await theme.getByText('System').click();
  await expect(html).toHaveClass('dark');
  await page.reload();
  await expect(html).toHaveClass('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass('light');
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
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
  await expect(slides).toHaveCount(spaces.length);
  const names = await slides.evaluateAll((links) =>
    links.map((link) => link.querySelector('span > span')?.textContent?.toLowerCase()),
  );
  expect(names).toEqual(spaces.map((space) => space.name.toLowerCase()));

  // The row starts at the beginning: nothing to go back to.
  const previous = page.getByRole('button', { name: 'Previous spaces' });
  const next = page.getByRole('button', { name: 'Next spaces' });
  await expect(previous).toBeDisabled();

  // "Next" moves the row along; "Previous" is then available.
  await next.click();
  await expect.poll(() => carousel.evaluate((track) => track.scrollLeft)).toBeGreaterThan(0);
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect.poll(() => carousel.evaluate((track) => track.scrollLeft)).toBe(0);

  // With the keyboard: the first slide takes focus, the arrows move along the row and End goes
  // to the last slide, which scrolls into view.
  await slides.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(slides.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(slides.last()).toBeFocused();
  await expect(slides.last()).toBeInViewport();
  await expect(next).toBeDisabled();
  await page.keyboard.press('Home');
  await expect(slides.first()).toBeFocused();

  // The upcoming events are the API's, soonest first, and lead to the community page.
  const eventCards = page.getByTestId('event-card');
  await expect(eventCards).toHaveCount(events.length);
  await expect(eventCards.getByTestId('event-name')).toHaveText(
    events.map((e) => displayName(e.name)),
  );
  await eventCards.first().click();
  await page.waitForURL('**/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();

  // Back home, a news item opens its article.
  await page.goBack();
  const firstNews = page.getByTestId('news-teaser').getByRole('link').first();
  const href = await firstNews.getAttribute('href');
  expect(href).toMatch(/^\/news\/\d+$/);
  await firstNews.click();
  await page.waitForURL(`**${href ?? ''}`);
});
