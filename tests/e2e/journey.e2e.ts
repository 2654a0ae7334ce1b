import { expect as pwExpect } from '@playwright/test';
import type { AccountOrder, Product } from '../../src/api/types';
import { buyableProductIds, DEMO, signInWithForm } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillCard,
  orderIdFromUrl,
  shopper,
} from './support/checkout';
import { expect, test } from './support/e2e-test';

/**
 * The whole path across the screens, as one shopper walks it: sign in, find a product in the
 * menu, add it from its page, open the cart from the success modal, check out with the
 * signed-in email, pay, and find the order in the account's history.
 */
test('a signed-in shopper buys from the product page and finds the order in the history', async ({
  app,
  page,
}) => {
  // I sign in with my account and land on it, greeted by name.
  await page.goto('/sign-in');
  await signInWithForm(page, DEMO);
  await page.waitForURL('**/account');
  await pwExpect(page.getByTestId('greeting').filter({ visible: true })).toContainText('Hi, ');

  // I open the menu, search for a coffee by name and open it.
  const [productId] = await buyableProductIds(app, 1);
  const product = await app.getJson<Product>(`/api/v1/products/detail/${productId}`);
  const name = product.name;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await page.getByRole('searchbox', { name: 'Search the menu' }).fill(name);
  const card = page.getByTestId('product-card').filter({ hasText: name }).first();
  await card.getByRole('link').first().click();
  await pwExpect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Two of them, added to my cart; the modal says so and the Order count follows.
  await page.getByRole('button', { name: /Increase quantity/ }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  const modal = page.getByRole('dialog');
  await pwExpect(modal).toContainText(`Successfully! Product ${name} added to the cart!`);
  await pwExpect(page.getByTestId('order-count')).toHaveText('2');

  // "View Cart" opens the cart drawer with the line in it.
  await modal.getByRole('button', { name: 'View Cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'My Cart' });
  await pwExpect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await pwExpect(drawer.getByTestId('cart-line')).toContainText(name.toUpperCase());
  await expectNoSeriousA11yViolations(page, 'cart drawer, signed in');

  // Checkout: my email is filled in from my session and cannot be changed; no "Log in" line.
  await drawer.getByRole('button', { name: 'Checkout', exact: true }).click();
  const checkout = page.getByRole('dialog');
  const email = checkout.getByLabel('Email', { exact: true });
  await pwExpect(email).toHaveValue(DEMO.email);
  await pwExpect(email).toHaveAttribute('readonly', '');
  await pwExpect(checkout.getByText('Already have an account?')).toHaveCount(0);

  await checkout.getByLabel('Name', { exact: true }).fill(shopper.name);
  await checkout.getByLabel('Country').selectOption(shopper.country);
  await checkout.getByLabel('Province').fill(shopper.province);
  await checkout.getByLabel('City').fill(shopper.city);
  await checkout.getByLabel('Postal Code').fill(shopper.postalCode);
  await checkout.getByLabel('Street').fill(shopper.street);
  await checkout.getByLabel('Phone Number').fill(shopper.phone);
  await continueToShipping(page);
  await pwExpect(checkout.getByTestId('checkout-summary')).toContainText(DEMO.email);
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);
  await expectNoSeriousA11yViolations(page, 'payment step, signed in');

  // I pay by card and land on the confirmation, with the server's total.
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/completed-checkout/*');
  const orderId = orderIdFromUrl(page);
  await pwExpect(page.getByText(DEMO.email).first()).toBeVisible();

  // The order is mine: my account's history lists it, paid, for the product's price × 2 plus
  // shipping and tax as the server computed them.
  await page.goto('/account');
  const row = page
    .getByTestId('order-row')
    .filter({ hasText: String(orderId) })
    .first();
  await pwExpect(row).toBeVisible();
  await pwExpect(row).toContainText('Processed');
  expect(product.price).toBeGreaterThan(0);
  const history = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
    const response = await fetch('/api/v1/account/orders', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    return (await response.json()) as AccountOrder[];
  });
  expect(history.find((order) => order.orderId === orderId)?.status).toBe('PAID');
});
