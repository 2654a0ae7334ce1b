// Issue 27 (menu controls that work before the scripts run) and issue 30 (no dead ends), ADR-0059.
//
// Before the app's scripts run, the menu's tabs and Load More are links and its search, price
// and sort a GET form: a tap navigates and the server renders the page asked for. Here that is
// proved with scripts switched off altogether (a browser that never hydrates is the longest
// window before hydration there is). A search that finds nothing in the open tab says how many
// matches each other tab has and links there, keeping the search.
import type { Page } from '@playwright/test';
import type { ProductPage } from '../../src/api/types';
import { displayName } from '../../src/lib/display-name';
import { expectA11y } from './support/axe';
import { expect, test } from './support/fixtures';

const SEARCH = '/api/v1/products/search';

/** The API's first page for these filters, as the menu asks for it (spec §9 mappings). */
function firstPage(query: Record<string, string | number>, page = 0): string {
  const params = new URLSearchParams({
    page: String(page),
    size: '8',
    sortBy: 'createdAt',
    sortDirection: 'asc',
    ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  return `${SEARCH}?${params.toString()}`;
}

const cards = (page: Page) => page.getByTestId('menu-products').getByTestId('product-card');
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search this category' });
const status = (page: Page) => page.getByTestId('menu-status');

async function expectCards(page: Page, items: ProductPage['items']) {
  await expect(cards(page).getByRole('heading')).toHaveText(
    items.map((product) => displayName(product.name)),
  );
}

test('without scripts, a tab, a search, a sort and Load More each lead to the page the server renders', async ({
  app,
  newShopContext,
}) => {
  const [coffee, coffeeMore, food, cakes, byPrice] = await Promise.all([
    app.getJson<ProductPage>(firstPage({ category: 'coffee_baverage' })),
    app.getJson<ProductPage>(firstPage({ category: 'coffee_baverage' }, 1)),
    app.getJson<ProductPage>(firstPage({ category: 'food_snack' })),
    app.getJson<ProductPage>(firstPage({ category: 'food_snack', search: 'cake' })),
    app.getJson<ProductPage>(
      firstPage({ category: 'at_home', sortBy: 'price', sortDirection: 'desc' }),
    ),
  ]);
  expect(coffee.totalElements).toBeGreaterThan(8);
  expect(cakes.items.length).toBeGreaterThan(0);
  const context = await newShopContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  // The menu opens on Coffee and Beverage.
  await page.goto('/menu');
  await expect(tab(page, 'Coffee and Beverage')).toHaveAttribute('aria-selected', 'true');
  await expectCards(page, coffee.items);

  // A tab is a link: Food and Snack, rendered by the server.
  await tab(page, 'Food and Snack').click();
  await page.waitForURL((url) => url.searchParams.get('category') === 'food_snack');
  await expect(tab(page, 'Food and Snack')).toHaveAttribute('aria-selected', 'true');
  await expectCards(page, food.items);

  // The search box sends its form: cakes among the food.
  await searchBox(page).fill('cake');
  await searchBox(page).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('search') === 'cake');
  await expect(tab(page, 'Food and Snack')).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toHaveValue('cake');
  await expectCards(page, cakes.items);

  // The sort goes with the same form, by its Apply button.
  await page.goto('/menu?category=at_home');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest price' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
  await expect(tab(page, 'Lumen Roastery at Home')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
  await expectCards(page, byPrice.items);

  // Load More is a link to the page with the next products as well.
  await page.goto('/menu');
  await page.getByRole('link', { name: 'Load More' }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  await expectCards(page, [...coffee.items, ...coffeeMore.items]);
  await expect(status(page)).toHaveText(
    `Showing ${coffee.totalElements} of ${coffee.totalElements} products`,
  );
  await expect(page.getByRole('link', { name: 'Load More' })).toHaveCount(0);
});

test('"croissant" in Coffee says Food and Snack has one and leads there, search kept', async ({
  page,
  app,
}) => {
  const croissants = await app.getJson<ProductPage>(
    firstPage({ category: 'food_snack', search: 'croissant' }),
  );
  expect(croissants.totalElements).toBe(1);

  await page.goto('/menu');
  await cards(page).first().waitFor();
  await searchBox(page).fill('croissant');
  await searchBox(page).press('Enter');

  await expect(status(page)).toContainText('No products match your search and filters.');
  const pointer = page.getByTestId('menu-other-tabs');
  await expect(pointer).toContainText('Other tabs have matches for “croissant”');
  await expect(pointer.getByRole('link')).toHaveText(['1 match in Food and Snack']);
  await expectA11y(page, '/menu "croissant" in Coffee');

  await pointer.getByRole('link', { name: '1 match in Food and Snack' }).click();
  await page.waitForURL(
    (url) =>
      url.searchParams.get('category') === 'food_snack' &&
      url.searchParams.get('search') === 'croissant',
  );
  await expect(tab(page, 'Food and Snack')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Food and Snack')).toBeFocused();
  await expect(searchBox(page)).toHaveValue('croissant');
  await expectCards(page, croissants.items);
});

test('the server renders the pointer to the other tabs, and its link works without scripts', async ({
  app,
  newShopContext,
}) => {
  const croissants = await app.getJson<ProductPage>(
    firstPage({ category: 'food_snack', search: 'croissant' }),
  );
  const context = await newShopContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/menu?search=croissant');
  await expect(status(page)).toContainText('No products match your search and filters.');
  await page.getByRole('link', { name: '1 match in Food and Snack' }).click();

  await page.waitForURL(
    (url) =>
      url.searchParams.get('category') === 'food_snack' &&
      url.searchParams.get('search') === 'croissant',
  );
  await expect(searchBox(page)).toHaveValue('croissant');
  await expectCards(page, croissants.items);
});

// A search no tab matches (its status, the pointer's "none" line, Reset filters) is a view test:
// src/features/menu/menu-page.test.tsx.

test('a sort chosen before the app runs is applied once it does, not lost', async ({
  page,
  app,
}) => {
  const byPrice = await app.getJson<ProductPage>(
    firstPage({ category: 'at_home', sortBy: 'price', sortDirection: 'desc' }),
  );
  // The app's scripts are held back: the page is the server's HTML until they are let through.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );

  const opened = page.goto('/menu?category=at_home');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Highest price' });
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
  release();
  await opened;

  await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
  await expect(sort).toHaveValue('price_desc');
  await expectCards(page, byPrice.items);
});
