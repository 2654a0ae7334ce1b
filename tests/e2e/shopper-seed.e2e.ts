// Issue 18, "the seed data exercises every spec feature": a shopper meets each feature the seed
// now shows. The product, space and orders are found from the API by what they are (sold out,
// long, a video, the demo's history), never by the exact stock other journeys may change; the
// demo account is only read.
import type { Page } from '@playwright/test';
import type { ProductPage, Space } from '../../src/api/types';
import type { RunningApp } from './support/app-server';
import { expectA11y } from './support/axe';
import { DEMO, signInThroughApi, storeToken } from './support/accounts';
import { openOrigin } from './support/cart';
import { expect, test } from './support/fixtures';
import { displayName } from '../../src/lib/display-name';

const cards = (page: Page) => page.getByTestId('menu-products').getByTestId('product-card');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('link', { name, exact: true }) });
const prices = async (page: Page) =>
  (await cards(page).getByTestId('product-price').allTextContents()).map((text) =>
    Number(text.replace(/[^0-9.]/g, '')),
  );

/** A page of the coffee tab as the API answers it (8 a page unless `size` says otherwise). */
async function coffeeTab(
  app: { getJson: <T>(path: string) => Promise<T> },
  query: Record<string, string> = {},
) {
  const params = new URLSearchParams({
    category: 'coffee_baverage',
    page: '0',
    size: '8',
    ...query,
  });
  return app.getJson<ProductPage>(`/api/v1/products/search?${params.toString()}`);
}

/** The demo shopper's account page, signed in (a session token stored as the app keeps it). */
async function openDemoAccount(page: Page, app: RunningApp): Promise<void> {
  const token = await signInThroughApi(app, DEMO);
  await openOrigin(page);
  await storeToken(page, token);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
}

test('a shopper sees the sold-out cold brew on the menu and cannot add it to the cart', async ({
  page,
  app,
}) => {
  const soldOut = (await coffeeTab(app)).items.find((p) => p.quantity <= 0 && p.isAvailableAtWeb);
  if (!soldOut) throw new Error('the seed has no sold-out product on the first coffee page');

  // On the menu's first page, its card says "Out of stock" (and no sale badge beside it).
  await page.goto('/menu');
  const soldOutCard = card(page, displayName(soldOut.name));
  await expect(soldOutCard).toContainText('Out of stock');
  await expect(soldOutCard).not.toContainText('Sale');
  await expectA11y(page, 'menu with a sold-out product');

  // I open it anyway: the badge again, no stock line, and Add To Cart refused with the reason.
  await soldOutCard.getByRole('link', { name: displayName(soldOut.name), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: soldOut.name }).waitFor();
  await expect(page.getByTestId('detail-badge')).toHaveText('Out of stock');
  await expect(page.getByText(/in stock$/)).toHaveCount(0);
  const add = page.getByRole('button', { name: 'Add To Cart' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('Out of stock, so it cannot be added to the cart.');
  await expect(page.getByTestId('order-count')).toHaveText('0');
  await expectA11y(page, 'sold-out product page');

  // The API refuses it too, in words, should a stale page try.
  const refused = await app.api.POST('/api/v1/cart/items', {
    body: { productId: soldOut.productId, quantity: 1 },
  });
  expect(refused.response.status).toBe(409);
  expect(refused.error).toMatchObject({ code: 'OUT_OF_STOCK', message: /is out of stock$/ });
});

test('a shopper reads a long description with Read more, then folds it with Read less', async ({
  page,
  app,
}) => {
  const all = await coffeeTab(app, { size: '12' });
  const long = all.items.find((p) => p.description.length > 200);
  if (!long) throw new Error('the seed has no coffee with a description over 200 characters');

  await page.goto(`/menu/detail/${long.productId}`);
  await page.getByRole('heading', { level: 1, name: long.name }).waitFor();
  const description = page.getByTestId('product-description');
  // Cut at 200 characters (spec §9), ending in "...".
  const cut = await description.textContent();
  expect(cut?.endsWith('...')).toBe(true);
  expect(cut?.length).toBeLessThanOrEqual(203);
  expect(long.description.startsWith(cut?.slice(0, -3) ?? '-')).toBe(true);
  const readMore = page.getByRole('button', { name: 'Read more' });
  await expect(readMore).toHaveAttribute('aria-expanded', 'false');
  await expectA11y(page, 'long description, folded');

  await readMore.click();
  await expect(description).toHaveText(long.description);
  const readLess = page.getByRole('button', { name: 'Read less' });
  await expect(readLess).toHaveAttribute('aria-expanded', 'true');
  await expectA11y(page, 'long description, read in full');

  await readLess.click();
  await expect(description).toHaveText(cut ?? '');
});

test('a shopper sorts the coffee by price and filters it under $6, and the grid changes', async ({
  page,
  app,
}) => {
  const byDefault = await coffeeTab(app, { sortBy: 'createdAt', sortDirection: 'asc' });
  const cheapest = await coffeeTab(app, { sortBy: 'price', sortDirection: 'asc' });
  const dearest = await coffeeTab(app, { sortBy: 'price', sortDirection: 'desc' });
  const underSix = await coffeeTab(app, { maxPrice: '6', sortBy: 'price', sortDirection: 'desc' });

  await page.goto('/menu');
  await expect(cards(page).getByRole('heading')).toHaveText(
    byDefault.items.map((p) => displayName(p.name)),
  );
  const before = await prices(page);
  expect(new Set(before).size).toBeGreaterThan(1);

  // Lowest price first: another order, cheapest first.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
  await expect(cards(page).getByRole('heading')).toHaveText(
    cheapest.items.map((p) => displayName(p.name)),
  );
  const ascending = await prices(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  expect(cheapest.items.map((p) => p.name)).not.toEqual(byDefault.items.map((p) => p.name));

  // Highest price first: the dearest drink leads.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
  await expect(cards(page).getByRole('heading')).toHaveText(
    dearest.items.map((p) => displayName(p.name)),
  );
  const descending = await prices(page);
  expect(descending[0]).toBe(Math.max(...ascending, ...descending));
  expect(descending[0]).toBeGreaterThan(ascending[0] ?? Infinity);

  // Under $6: fewer drinks, none above $6.
  await page.getByRole('combobox', { name: 'Price' }).selectOption('under6');
  await page.waitForURL((url) => url.searchParams.get('price') === 'under6');
  await expect(cards(page).getByRole('heading')).toHaveText(
    underSix.items.map((p) => displayName(p.name)),
  );
  expect(underSix.totalElements).toBeLessThan(byDefault.totalElements);
  await expect(page.getByTestId('menu-status')).toContainText(
    `of ${underSix.totalElements} products`,
  );
  for (const price of await prices(page)) expect(price).toBeLessThanOrEqual(6);
  await expectA11y(page, 'coffee under $6, highest price first');
});

test('a shopper opens the video space from the gallery and it plays', async ({ page, app }) => {
  const spaces = await app.getJson<Space[]>('/api/v1/spaces');
  const video = spaces.find((s) => /\.webm$/.test(s.image));
  if (!video) throw new Error('the seed has no video space');
  const title = `${displayName(video.name)}, ${video.type}`;

  // On the home page the carousel shows it as a video too.
  await page.goto('/');
  const slide = page.getByTestId('spaces-carousel').getByRole('link', { name: /video/i });
  await expect(slide).toHaveCount(1);
  await expect(slide.locator('video')).toHaveAttribute('src', video.image);

  // In the gallery its tile is the video's first frame once it is near the screen, and says it
  // plays.
  await page.goto('/spaces');
  const tile = page.getByRole('button', { name: `Play ${title} video` });
  await expect(tile.locator('video')).toHaveAttribute('src', video.image);
  await tile.scrollIntoViewIfNeeded();
  await expect
    .poll(() => tile.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expectA11y(page, 'spaces with a video');

  // I open it: the lightbox holds a video with controls, which plays.
  await tile.click();
  const lightbox = page.getByRole('dialog', { name: 'Spaces gallery' });
  const player = lightbox.locator('.yarl__slide_current video');
  await expect(player).toHaveAttribute('controls', '');
  await expect(player.locator('source')).toHaveAttribute('src', video.image);
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0.2);
  await expectA11y(page, 'video in the lightbox');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expect(tile).toBeFocused();
});

test('on a phone the video is fetched only as its tile comes near the screen', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const spaces = await app.getJson<Space[]>('/api/v1/spaces');
  const video = spaces.find((s) => /\.webm$/.test(s.image));
  if (!video) throw new Error('the seed has no video space');
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === video.image) fetched.push(request.url());
  });

  // The gallery's first screen: the video's tile is far below, so nothing of it is fetched, on
  // the home page's carousel either (a phone's bandwidth goes to the page itself).
  for (const path of ['/', '/spaces']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(fetched, `requests for the video on ${path}`).toEqual([]);
  }
  const tile = page.getByRole('button', { name: /video$/ });
  await expect(tile.locator('video')).toHaveAttribute('preload', 'none');

  // I scroll down to it: its first frame arrives.
  await tile.scrollIntoViewIfNeeded();
  await expect(tile.locator('video')).toHaveAttribute('preload', 'metadata');
  await expect
    .poll(() => tile.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  expect(fetched.length).toBeGreaterThan(0);
});

test('the demo shopper signs in and finds past orders in every status, each with its badge', async ({
  page,
  app,
}) => {
  // Read only: other journeys may sign in as the demo too. Signed in through the API (the form
  // has its own journeys in auth.e2e.ts).
  await openDemoAccount(page, app);
  const rows = page.getByTestId('orders-table').getByTestId('order-row');
  const badges = rows.getByTestId('order-status');
  // Spec §4's words for the five statuses, and PAYMENT_FAILED as is (grey).
  for (const badge of [
    'Waiting For Payment',
    'Processed',
    'PAYMENT_FAILED',
    'Shipped',
    'Canceled',
    'Delivered',
  ]) {
    await expect(badges.filter({ hasText: new RegExp(`^${badge}$`) }).first()).toBeVisible();
  }
  await expectA11y(page, 'demo order history');

  // The status filter narrows it to the cancelled one.
  await page.getByRole('combobox', { name: 'Order status' }).selectOption({ label: 'Canceled' });
  await expect(badges).toHaveText(['Canceled']);

  // The delivered order opens on its confirmation page, with its history to the door.
  await page.getByRole('combobox', { name: 'Order status' }).selectOption({ label: 'Delivered' });
  await expect(badges).toHaveText(['Delivered']);
  const link = rows.first().getByRole('link');
  const orderId = (await link.textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^\d+$/);
  await link.click();
  await page.waitForURL(`**/completed-checkout/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await expectA11y(page, 'a delivered demo order');
  await page.getByRole('button', { name: 'Tracking' }).click();
  const steps = page.getByTestId('order-history').getByRole('listitem');
  await expect(steps.locator('p:first-child')).toHaveText([
    'Waiting For Payment',
    'Processed',
    'Shipped',
    'Delivered',
  ]);
  await expectA11y(page, "a delivered demo order's tracking");
});

// The order history on a phone: the same statuses, in the accordion.
test('on a phone the demo shopper sees the statuses in the order accordion', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDemoAccount(page, app);
  const accordion = page.getByTestId('orders-accordion');
  await expect(accordion.getByTestId('order-status').filter({ hasText: 'Shipped' })).toHaveCount(1);
  await expect(
    accordion.getByTestId('order-status').filter({ hasText: 'PAYMENT_FAILED' }).first(),
  ).toBeVisible();
  await expectA11y(page, 'demo order history on a phone');
});
