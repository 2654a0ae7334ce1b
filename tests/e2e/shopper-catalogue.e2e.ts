// Issue 18, the catalogue: what the menu's search promises, Back after Load More, one design for
// "not found", and names, labels and the identity provider's page told the same way everywhere.
import type { Page } from '@playwright/test';
import type { ProductPage } from '../../src/api/types';
import { expectA11y } from './support/axe';
import { expect, test } from './support/fixtures';

const cards = (page: Page) => page.getByTestId('menu-products').getByTestId('product-card');
const loadMore = (page: Page) => page.getByRole('link', { name: 'Load More' });
const status = (page: Page) => page.getByTestId('menu-status');

test('Back after Load More shows the same products, scrolled where the shopper was', async ({
  page,
  app,
}) => {
  const first = await app.getJson<ProductPage>(
    '/api/v1/products/search?category=food_snack&page=0&size=8&sortBy=createdAt&sortDirection=asc',
  );
  expect(first.totalPages).toBeGreaterThan(1);
  const total = first.totalElements;
  await page.setViewportSize({ width: 390, height: 844 });

  // I open the food tab and load every page there is.
  await page.goto('/menu?category=food_snack');
  await expect(cards(page)).toHaveCount(8);
  for (let shown = 8; shown < total; shown = Math.min(total, shown + 8)) {
    await loadMore(page).click();
    await expect(cards(page)).toHaveCount(Math.min(total, shown + 8));
  }
  await expect(status(page)).toHaveText(`Showing ${total} of ${total} products`);

  // I scroll down to the last product and open it.
  const last = cards(page).last();
  await last.scrollIntoViewIfNeeded();
  const lastName = (await last.getByRole('heading').textContent()) ?? '';
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(1000);
  await last.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: lastName })).toBeVisible();

  // Back: the same products, the window where it was, the product I opened in sight.
  await page.goBack();
  await expect(status(page)).toHaveText(`Showing ${total} of ${total} products`);
  await expect(cards(page)).toHaveCount(total);
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { message: 'scroll restored' })
    .toBeGreaterThan(scrolledTo - 2);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolledTo + 2);
  await expect(cards(page).filter({ hasText: lastName })).toBeInViewport();
  await expect(page.getByTestId('route-fallback')).toHaveCount(0);

  // expectA11y checks the dark theme's contrast too (the other rules do not change with it).
  await expectA11y(page, 'menu after Back (light)');
  // The theme toggle, not a reload: the restored list stays as it is.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(cards(page).filter({ hasText: lastName })).toBeInViewport();

  // A new visit to the menu (the navigation's link) starts again at page 0, at the top.
  await page.getByRole('button', { name: 'open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await expect(status(page)).toHaveText(/^Showing 8 of \d+ products$/);
});

test('the search box promises the open tab, and finds what that tab holds', async ({ page }) => {
  await page.goto('/menu');
  const box = page.getByRole('searchbox', { name: 'Search this category' });
  await expect(box).toHaveAttribute('placeholder', 'Search Coffee and Beverage…');

  // I switch to food and search there: the box says so, and the results are food.
  await page.getByRole('tab', { name: 'Food and Snack' }).click();
  await expect(box).toHaveAttribute('placeholder', 'Search Food and Snack…');
  await box.fill('croissant');
  await box.press('Enter');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Food and Snack');
  // In light, and the dark theme's contrast with it (expectA11y).
  await expectA11y(page, 'menu search');
});

test('every dead end looks the same and offers a way on: a path, a product, a story, an order', async ({
  page,
  expectedHttpErrors,
}) => {
  // The 404s the API answers here are the point (Chromium logs each as a console error), and so
  // are those of the product's and the story's pages, which the server renders (issue 19).
  expectedHttpErrors.push(
    { status: 404, path: /^\/api\/v1\/products\/detail\/987654$/ },
    { status: 404, path: /^\/api\/v1\/news\/987654$/ },
    { status: 404, path: /^\/(menu\/detail|news)\/987654$/ },
    { status: 404, path: /^\/api\/v1\/order\/987654$/ },
  );
  const deadEnds = [
    { path: '/no-such-page', title: 'Page not found', back: 'Browse the menu' },
    { path: '/menu/detail/987654', title: 'Product not found', back: 'Back to the menu' },
    { path: '/news/987654', title: 'News not found', back: 'See all news' },
    { path: '/completed-checkout/987654', title: 'Order not found', back: 'Continue Shopping' },
  ];
  for (const { path, title, back } of deadEnds) {
    // I follow a link that leads nowhere: one page, named in the tab, with ways on.
    await page.goto(path);
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Lumen Roastery`);
    await expect(notFound.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await expect(notFound.getByRole('link', { name: back })).toBeVisible();
    await expect(notFound.getByTestId('not-found-popular').getByRole('link')).toHaveCount(4);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
  }

  // A popular product takes me back into the shop.
  const popular = page.getByTestId('not-found-popular').getByRole('link').first();
  const name = (await popular.textContent()) ?? '';
  await popular.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The not-found page's axe pass at 390 and 1280 px is shell.e2e.ts's (expectA11y judges every
  // rule in one theme and the other theme's contrast, so one pass per width covers dark too).
});

test('a name reads the same on home, on its own page and in the tab', async ({ page }) => {
  // I see a featured product on the home page and open it.
  await page.goto('/');
  const featured = page.getByTestId('featured-products').getByTestId('product-card').first();
  const shown = (await featured.getByRole('heading').textContent()) ?? '';
  expect(shown).toMatch(/^\p{Lu}/u);
  await featured.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown);
  await expect(page).toHaveTitle(`${shown} | Lumen Roastery`);

  // The events on home are named as on the community page, whatever case the shop typed.
  await page.goto('/');
  await expect(page.getByTestId('upcoming-events').getByTestId('event-name').first()).toBeVisible();
  const homeEvents = await page
    .getByTestId('upcoming-events')
    .getByTestId('event-name')
    .allTextContents();
  expect(homeEvents.length).toBeGreaterThan(0);
  await page.goto('/community');
  await expect(
    page.getByTestId('upcoming-events').getByRole('heading', { level: 3 }).first(),
  ).toBeVisible();
  const communityEvents = await page
    .getByTestId('upcoming-events')
    .getByRole('heading', { level: 3 })
    .allTextContents();
  for (const name of homeEvents) {
    expect(communityEvents).toContain(name);
    expect(name).not.toBe(name.toUpperCase());
  }
  await expectA11y(page, 'community with display names');
});

test('the register form names its field as its messages do, and the provider page is the shop’s', async ({
  page,
  app,
}) => {
  // On Create Your Account, Name says it is my username, which is what its messages call it.
  await page.goto('/register');
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveAccessibleDescription(
    'Your username: 6 to 25 characters, shown when you are signed in.',
  );
  await name.focus();
  await page.getByLabel('Email').focus();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(name).toHaveAccessibleDescription(
    /shown when you are signed in\. Username is required$/,
  );
  await expectA11y(page, 'register, Name with its hint and message');

  // "Sign up with Lumen ID": the provider's page carries the shop's name, mark and colours.
  await page.getByRole('link', { name: 'Sign up with Lumen ID' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in with Lumen ID' }).waitFor();
  expect(new URL(page.url()).origin).not.toBe(new URL(app.url).origin);
  await expect(page.locator('.brand')).toHaveText('Lumen Roastery');
  await expect(page.locator('.brand svg.brand-mark')).toBeVisible();
  const accent = await page
    .getByRole('button', { name: 'Cancel and go back to Lumen Roastery' })
    .evaluate(() => getComputedStyle(document.querySelector('.brand svg') as Element).color);
  expect(accent).toBe('rgb(133, 75, 34)');
  await expectA11y(page, 'provider page (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe('rgb(23, 16, 12)');
  await expectA11y(page, 'provider page (dark)');

  // I change my mind: Cancel takes me back to the shop's sign-in, not signed in.
  await page.getByRole('button', { name: 'Cancel and go back to Lumen Roastery' }).click();
  await page.waitForURL((url) => url.origin === app.url && url.pathname === '/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
});
