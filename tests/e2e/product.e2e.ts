import { expect as pwExpect } from '@playwright/test';
import type { Product } from '../../src/api/types';
import { expectNoSeriousA11yViolations, setTheme } from './support/axe';
import { expect, test } from './support/e2e-test';

test('a guest opens a product from the menu, picks a quantity, adds it and sees the count', async ({
  page,
  app,
}) => {
  const cappucino = await app.getJson<Product>('/api/v1/products/detail/3');
  const related = await app.getJson<Product[]>(
    '/api/v1/products/related?category=coffee_baverage&size=4&excludedId=3',
  );

  // From the menu, I open the cappucino.
  await page.goto('/menu');
  await page.getByRole('link', { name: cappucino.name }).click();
  await page.waitForURL('**/menu/detail/3');
  await page.getByRole('heading', { level: 1, name: cappucino.name }).waitFor();

  // Breadcrumb Home > Menu > Detail, price with the old one struck through, and the sale badge.
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await pwExpect(breadcrumb.getByRole('listitem')).toHaveText(['Home>', 'Menu>', 'Detail']);
  await pwExpect(page.getByTestId('detail-price')).toHaveText(`$${cappucino.price.toFixed(2)}`);
  await pwExpect(page.getByTestId('detail-old-price')).toHaveText('$6.00');
  await pwExpect(page.getByTestId('detail-badge')).toHaveText('Sale -17%');

  // The main image is shown first; a thumbnail chosen with the keyboard replaces it.
  const main = cappucino.images.find((image) => image.isMain);
  const mainImage = page.getByTestId('product-main-image');
  await pwExpect(mainImage).toHaveAttribute('src', main?.imageUrl ?? '');
  const second = page.getByRole('button', { name: `Show image 2 of ${cappucino.images.length}` });
  await second.focus();
  await page.keyboard.press('Enter');
  await pwExpect(second).toHaveAttribute('aria-pressed', 'true');
  await pwExpect(mainImage).not.toHaveAttribute('src', main?.imageUrl ?? '');

  // "You May Also Like": the API's four related coffees, this one not among them.
  const suggestions = page.getByTestId('related-products').getByTestId('product-card');
  await pwExpect(suggestions.getByRole('heading')).toHaveText(related.map((p) => p.name));
  expect(related).toHaveLength(4);
  expect(related.map((p) => p.productId)).not.toContain(3);

  await expectNoSeriousA11yViolations(page, 'product page (light)');

  // Three cups, added to the cart.
  const orderCount = page.getByTestId('order-count');
  await pwExpect(orderCount).toHaveText('0');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await pwExpect(page.getByTestId('quantity-value')).toHaveText('Quantity 3');
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();

  const dialog = page.getByRole('dialog', {
    name: `Successfully! Product ${cappucino.name} added to the cart!`,
  });
  await dialog.waitFor();
  await pwExpect(orderCount).toHaveText('3');
  await expectNoSeriousA11yViolations(page, 'add-to-cart modal (light)');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await pwExpect(dialog).toHaveCount(0);

  // Once more, one cup: the count follows the server cart; View Cart closes the modal.
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await dialog.waitFor();
  await pwExpect(orderCount).toHaveText('6');
  await dialog.getByRole('button', { name: 'View Cart' }).click();
  await pwExpect(dialog).toHaveCount(0);

  // The cart survives a reload (it is the server's, found again by the guest's cart token).
  await page.reload();
  await page.getByRole('heading', { level: 1, name: cappucino.name }).waitFor();
  await pwExpect(orderCount).toHaveText('6');

  // Dark mode: the page and the modal.
  await setTheme(page, 'dark');
  await page.getByRole('heading', { level: 1, name: cappucino.name }).waitFor();
  await suggestions.first().waitFor();
  await expectNoSeriousA11yViolations(page, 'product page (dark)');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await dialog.waitFor();
  await expectNoSeriousA11yViolations(page, 'add-to-cart modal (dark)');
  await page.keyboard.press('Escape');
  await pwExpect(dialog).toHaveCount(0);
});

test('a related product opens in place, and a café-only drink cannot be ordered online', async ({
  page,
  app,
}) => {
  const ristretto = await app.getJson<Product>('/api/v1/products/detail/1');
  expect(ristretto.isAvailableAtWeb).toBe(false);

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/menu/detail/3');
  await page.getByTestId('related-products').getByRole('link', { name: ristretto.name }).click();
  await page.waitForURL('**/menu/detail/1');
  await page.getByRole('heading', { level: 1, name: ristretto.name }).waitFor();
  await pwExpect(page.getByTestId('quantity-value')).toHaveText('Quantity 1');

  const add = page.getByRole('button', { name: 'Add To Cart' });
  await pwExpect(add).toBeDisabled();
  const reasonId = await add.getAttribute('aria-describedby');
  await pwExpect(page.locator(`[id="${reasonId}"]`)).toHaveText(
    'Sold at our cafés only, so it cannot be ordered online.',
  );

  // Nothing sticks out sideways at phone width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectNoSeriousA11yViolations(page, 'café-only product at 390 px');
});

test('an unknown product is a clear dead end with a way back to the menu', async ({ page }) => {
  await page.goto('/menu/detail/abc');
  await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
  await expectNoSeriousA11yViolations(page, 'unknown product');

  await page.getByRole('link', { name: 'Back to the menu' }).click();
  await page.waitForURL((url) => url.pathname === '/menu');
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
});

// Chromium logs every 4xx answer to fetch as a console error ("Failed to load resource"), and
// the shared `page` fixture fails on any console error. Here the 404 is the point of the test,
// so this test opens its own page and allows exactly that message, for exactly that URL.
test('a product id the shop does not have shows the same not-found page', async ({
  browser,
  app,
}) => {
  const missing = '/api/v1/products/detail/999';
  const context = await browser.newContext({ baseURL: app.url, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const expected404 =
      message.text().includes('status of 404') &&
      new URL(message.location().url).pathname === missing;
    if (!expected404) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    await page.goto('/menu/detail/999');
    await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
    await pwExpect(page.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute(
      'href',
      '/menu',
    );
    await expectNoSeriousA11yViolations(page, 'product the shop does not have');
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
  expect(app.takeServerProblems()).toEqual([]);
});
