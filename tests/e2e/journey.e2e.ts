import type { Product } from '../../src/api/types';
import { ok } from '../support/test-api';
import {
  buyableProductIds,
  expectGreeting,
  newShopper,
  registerThroughApi,
  signInWithForm,
} from './support/accounts';
import { expectA11y } from './support/axe';
import {
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillCard,
  orderIdFromUrl,
  shopper,
} from './support/checkout';
import { pageApi } from './support/cart';
import { expect, test } from './support/fixtures';
import { displayName } from '../../src/lib/display-name';

/**
 * The whole path across the screens, as one shopper walks it: sign in, find a product in the
 * menu, add it from its page, open the cart from the success modal, check out with the
 * signed-in email, pay, and find the order in the account's history.
 */
test('a signed-in shopper buys from the product page and finds the order in the history', async ({
  app,
  page,
}) => {
  // I sign in with my account (mine alone: the worker's API is shared) and land on it, greeted
  // by name.
  const me = newShopper('journey');
  await registerThroughApi(app, me);
  await page.goto('/sign-in');
  await signInWithForm(page, me);
  await page.waitForURL('**/account');
  await expectGreeting(page, me.username);

  // I open the menu, search for a coffee by name and open it.
  const [productId] = await buyableProductIds(app, 1);
  const product = await app.getJson<Product>(`/api/v1/products/detail/${productId}`);
  const name = product.name;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await page.getByRole('searchbox', { name: 'Search this category' }).fill(name);
  const card = page.getByTestId('product-card').filter({ hasText: name }).first();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Two of them, added to my cart; the modal says so and the Order count follows.
  await page.getByRole('button', { name: /Increase quantity/ }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText(
    `Successfully! Product ${displayName(name)} added to the cart!`,
  );
  await expect(page.getByTestId('order-count')).toHaveText('2');

  // "View Cart" opens the cart drawer with the line in it.
  await modal.getByRole('button', { name: 'View Cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'My Cart' });
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(drawer.getByTestId('cart-line')).toContainText(name.toUpperCase());
  await expectA11y(page, 'cart drawer, signed in');

  // Checkout: my email is filled in from my session and cannot be changed; no "Log in" line.
  await drawer.getByRole('button', { name: 'Checkout', exact: true }).click();
  const checkout = page.getByRole('dialog');
  const email = checkout.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(me.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(checkout.getByText('Already have an account?')).toHaveCount(0);

  await checkout.getByLabel('Name', { exact: true }).fill(shopper.name);
  await checkout.getByLabel('Country').selectOption(shopper.country);
  await checkout.getByLabel('Province').fill(shopper.province);
  await checkout.getByLabel('City').fill(shopper.city);
  await checkout.getByLabel('Postal Code').fill(shopper.postalCode);
  await checkout.getByLabel('Street').fill(shopper.street);
  await checkout.getByLabel('Phone Number').fill(shopper.phone);
  await continueToShipping(page);
  await expect(checkout.getByTestId('checkout-summary')).toContainText(me.email);
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);
  await expectA11y(page, 'payment step, signed in');

  // I pay by card and land on the confirmation, with the server's total.
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/completed-checkout/*');
  const orderId = orderIdFromUrl(page);
  await expect(page.getByText(me.email).first()).toBeVisible();

  // The order is mine: my account's history lists it, paid, for the product's price × 2 plus
  // shipping and tax as the server computed them.
  await page.goto('/account');
  const row = page
    .getByTestId('order-row')
    .filter({ hasText: String(orderId) })
    .first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Processed');
  expect(product.price).toBeGreaterThan(0);
  const history = await ok((await pageApi(page)).GET('/api/v1/account/orders'), 'history');
  expect(history.find((order) => order.orderId === orderId)?.status).toBe('PAID');
});
