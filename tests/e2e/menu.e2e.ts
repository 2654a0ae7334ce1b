import type { Page } from '@playwright/test';
import type { ProductPage } from '../../src/api/types';
import { displayName } from '../../src/lib/display-name';
import { expectA11y, setTheme } from './support/axe';
import { expect, test } from './support/fixtures';

const SEARCH = '/api/v1/products/search';

/** The query the menu sends for page 0 of these filters (spec §9 mappings). */
function searchPath(query: Record<string, string | number>): string {
  const params = new URLSearchParams({ page: '0', size: '8', ...stringify(query) });
  return `${SEARCH}?${params.toString()}`;
}

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

const cards = (page: Page) => page.getByTestId('menu-products').getByTestId('product-card');

/** The product names on screen, once the grid shows exactly the API's answer. */
async function expectCardsToMatch(page: Page, expected: ProductPage['items']) {
  await expect(cards(page).getByRole('heading')).toHaveText(
    expected.map((p) => displayName(p.name)),
  );
  await expect(cards(page).getByTestId('product-price')).toHaveText(
    expected.map((p) => `$${p.price.toFixed(2)}`),
  );
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search this category' });
const priceSelect = (page: Page) => page.getByRole('combobox', { name: 'Price' });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const loadMore = (page: Page) => page.getByRole('link', { name: /^(Load More|Loading\.\.\.)$/ });

test('a shopper loads the whole coffee list, one page at a time, without duplicates', async ({
  page,
  app,
}) => {
  const [first, second] = await Promise.all([
    app.getJson<ProductPage>(
      searchPath({ category: 'coffee_baverage', sortBy: 'createdAt', sortDirection: 'asc' }),
    ),
    app.getJson<ProductPage>(
      searchPath({
        category: 'coffee_baverage',
        sortBy: 'createdAt',
        sortDirection: 'asc',
        page: 1,
      }),
    ),
  ]);
  expect(first.totalElements).toBe(12);

  // Hold the second page back a moment, so the button's loading text can be seen.
  let releaseSecondPage: () => void = () => undefined;
  const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
  await page.route(
    (url) => url.pathname === SEARCH && url.searchParams.get('page') === '1',
    async (route) => {
      await secondPageHeld;
      await route.continue();
    },
  );

  // I open the menu: Coffee and Beverage is the chosen tab, with the first 8 products.
  await page.goto('/menu');
  await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
  await expect(tab(page, 'Coffee and Beverage')).toHaveAttribute('aria-selected', 'true');
  await expectCardsToMatch(page, first.items);
  await expect(page.getByTestId('menu-status')).toHaveText('Showing 8 of 12 products');
  // The drinks sold at the café only say so on their cards (issue 18).
  const cafeOnly = first.items.filter((product) => !product.isAvailableAtWeb);
  expect(cafeOnly.length).toBeGreaterThan(0);
  for (const product of cafeOnly) {
    await expect(
      page
        .getByTestId('product-card')
        .filter({ has: page.getByRole('link', { name: displayName(product.name), exact: true }) })
        .getByTestId('cafe-only'),
    ).toHaveText('Café only');
  }
  await expect(page.getByTestId('cafe-only')).toHaveCount(cafeOnly.length);
  await expectA11y(page, '/menu');

  // I ask for more: the button says Loading... until the next page arrives.
  await loadMore(page).click();
  await expect(loadMore(page)).toHaveText('Loading...');
  releaseSecondPage();

  // All 12 are shown, each once, and the button is gone.
  await expectCardsToMatch(page, [...first.items, ...second.items]);
  const names = await cards(page).getByRole('heading').allTextContents();
  expect(new Set(names).size).toBe(12);
  await expect(loadMore(page)).toHaveCount(0);
  await expect(page.getByTestId('menu-status')).toHaveText('Showing 12 of 12 products');

  // The menu in dark mode: expectA11y above checked its contrast; it loads dark after a reload.
  await setTheme(page, 'dark');
  await cards(page).first().waitFor();
});

test('a shopper switches tabs, searches, filters and sorts; reload and back/forward keep it', async ({
  page,
  app,
}) => {
  await page.goto('/menu');
  await cards(page).first().waitFor();

  // Food and Snack, reached from the keyboard: the arrow keys move between the tabs.
  await tab(page, 'Coffee and Beverage').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Food and Snack')).toBeFocused();
  await page.waitForURL((url) => url.search === '?category=food_snack');
  await expectCardsToMatch(
    page,
    (
      await app.getJson<ProductPage>(
        searchPath({ category: 'food_snack', sortBy: 'createdAt', sortDirection: 'asc' }),
      )
    ).items,
  );

  // I search for "cake": the results follow once I stop typing.
  await searchBox(page).pressSequentially('cake', { delay: 40 });
  await page.waitForURL((url) => url.searchParams.get('search') === 'cake');
  const cakes = await app.getJson<ProductPage>(
    searchPath({
      category: 'food_snack',
      search: 'cake',
      sortBy: 'createdAt',
      sortDirection: 'asc',
    }),
  );
  expect(cakes.items.length).toBeGreaterThan(0);
  await expectCardsToMatch(page, cakes.items);
  await expect(loadMore(page)).toHaveCount(0);

  // Another tab clears the search.
  await tab(page, `Lumen Roastery at Home`).click();
  await page.waitForURL((url) => url.search === '?category=at_home');
  await expect(searchBox(page)).toHaveValue('');

  // Highest price first.
  await sortSelect(page).selectOption({ label: 'Highest price' });
  await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
  const byPrice = await app.getJson<ProductPage>(
    searchPath({ category: 'at_home', sortBy: 'price', sortDirection: 'desc' }),
  );
  expect(byPrice.items[0]?.price).toBe(25);
  await expectCardsToMatch(page, byPrice.items);

  // Under $10 only.
  await priceSelect(page).selectOption({ label: 'Under $10' });
  await page.waitForURL((url) => url.searchParams.get('price') === 'under10');
  const cheap = await app.getJson<ProductPage>(
    searchPath({ category: 'at_home', maxPrice: 10, sortBy: 'price', sortDirection: 'desc' }),
  );
  expect(cheap.items.every((product) => product.price <= 10)).toBe(true);
  await expectCardsToMatch(page, cheap.items);

  // A reload shows the same menu.
  await page.reload();
  await expect(tab(page, 'Lumen Roastery at Home')).toHaveAttribute('aria-selected', 'true');
  await expect(priceSelect(page)).toHaveValue('under10');
  await expect(sortSelect(page)).toHaveValue('price_desc');
  await expectCardsToMatch(page, cheap.items);

  // Back: the price filter goes, the sort stays.
  await page.goBack();
  await page.waitForURL((url) => url.search === '?category=at_home&sort=price_desc');
  await expect(priceSelect(page)).toHaveValue('all');
  await expectCardsToMatch(page, byPrice.items);

  // Back twice: the cake search on Food and Snack, search box included.
  await page.goBack();
  await page.goBack();
  await page.waitForURL((url) => url.searchParams.get('search') === 'cake');
  await expect(tab(page, 'Food and Snack')).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toHaveValue('cake');
  await expectCardsToMatch(page, cakes.items);

  // Forward again.
  await page.goForward();
  await page.waitForURL((url) => url.search === '?category=at_home');
  await expect(searchBox(page)).toHaveValue('');
  await expect(sortSelect(page)).toHaveValue('all');
});

test('on a phone, the menu and its filters fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/menu?category=at_home&sort=price_desc');
  await cards(page).first().waitFor();

  // Every tab can be seen, and nothing sticks out sideways.
  for (const name of ['Coffee and Beverage', 'Food and Snack', 'Lumen Roastery at Home']) {
    await expect(tab(page, name)).toBeInViewport();
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await expectA11y(page, '/menu at 390 px');
});

test('a search that finds nothing says so and offers to reset the filters', async ({ page }) => {
  await page.goto('/menu?category=food_snack&price=under6');
  await cards(page).first().waitFor();

  await searchBox(page).fill('unicorn latte');
  await searchBox(page).press('Enter');

  await page.getByText('No products match your search and filters.').waitFor();
  await expectA11y(page, '/menu with no results');
  await page.getByRole('button', { name: 'Reset filters' }).click();

  await page.waitForURL((url) => url.search === '?category=food_snack');
  await expect(searchBox(page)).toHaveValue('');
  await expect(priceSelect(page)).toHaveValue('all');
  await expect(cards(page)).toHaveCount(8);
});
