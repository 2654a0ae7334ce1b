import type { Product } from '../../src/api/types';
import { displayName } from '../../src/lib/display-name';
import { expect, test } from './support/fixtures';

const NAV_LABELS = ['Home', 'Menu', 'Space', 'Community', 'News'];

test('a shopper opens the shop, browses the home page, goes dark and gets lost', async ({
  page,
  app,
}) => {
  // I open the home page.
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.title()).toBe('Lumen Roastery');

  // The navigation shows Home, Menu, Space, Community, News, in that order, with Home current.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // Four featured products are shown: the ones the API features.
  const featured = await app.getJson<Product[]>('/api/v1/products?size=4');
  expect(featured).toHaveLength(4);
  const cards = page.getByTestId('featured-products').getByTestId('product-card');
  await cards.first().waitFor();
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading')).toHaveText(
    featured.map((product) => displayName(product.name)),
  );
  await expect(cards.getByTestId('product-price')).toHaveText(
    featured.map((product) => `$${product.price.toFixed(2)}`),
  );
  // Every card image really loaded (a broken image would also log a console error).
  const imagesLoaded = await cards
    .locator('img')
    .evaluateAll((images) =>
      images.every((image) => image instanceof HTMLImageElement && image.naturalWidth > 0),
    );
  expect(imagesLoaded).toBe(true);

  // The cart is empty, so the Order button counts 0.
  await expect(page.getByTestId('order-button')).toHaveAttribute(
    'aria-label',
    'Order, 0 items in cart',
  );

  // I switch to dark mode: the page turns dark and the toggle now offers light mode.
  const html = page.locator('html');
  const lightBackground = await page.evaluate(
    () => getComputedStyle(document.body).backgroundColor,
  );
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass('dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBackground).not.toBe(lightBackground);
  // The dark background really is dark (every channel low), whatever the exact shade.
  const channels = darkBackground.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
  expect(channels).toHaveLength(3);
  for (const channel of channels) expect(channel).toBeLessThan(48);

  // Dark mode is remembered after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  await expect(html).toHaveClass('dark');

  // I follow "Explore Other Menu" and land on the menu, with Menu marked current.
  await page.getByRole('link', { name: 'Explore Other Menu' }).click();
  await page.waitForURL('**/menu');
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  await expect(nav.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page');

  // An address that does not exist shows "Page not found", with a way back home.
  await page.goto('/this-page-does-not-exist');
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('featured-products').waitFor();
});

test('on a phone, the shopper opens the navigation menu and goes to the news', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The page has rendered (its heading and the header's toggle are there) before anything about
  // the navigation is judged: an empty page would hide the navigation too.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'open navigation menu' });
  await expect(toggle).toBeVisible();

  // The navigation is folded away behind the menu toggle.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('navigation', { name: 'Main', includeHidden: true })).toHaveCount(1);
  await expect(nav).toBeHidden();

  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);
  await expect(nav.getByRole('link', { name: 'News' })).toBeVisible();

  await nav.getByRole('link', { name: 'News' }).click();
  await page.waitForURL('**/news');
  await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();

  // Choosing a page closes the menu again.
  await expect(page.getByRole('button', { name: 'open navigation menu' })).toBeVisible();
  await expect(nav).toBeHidden();

  // Nothing sticks out sideways at phone width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
