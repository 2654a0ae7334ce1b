// Issue 18, "Returning shoppers do not retype" and "The first click works": a signed-in
// shopper's saved addresses in checkout step 0, one address book entry per address however it is
// typed, autofill that does not cost a second click, and the default ship method (spec §9: id 1)
// chosen and counted in the total.
import type { Page } from '@playwright/test';
import type { AddressInput } from '../../src/api/types';
import {
  addAddressThroughApi,
  addToUserCart,
  buyableProductIds,
  newShopper,
  registerThroughApi,
  storeToken,
  userCart,
} from './support/accounts';
import { expectA11y } from './support/axe';
import type { RunningApp } from './support/app-server';
import {
  arrangeCart,
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillCard,
  openCheckout,
  shopper as guest,
} from './support/checkout';
import { ok } from '../support/test-api';
import { openOrigin, serverCart } from './support/cart';
import { expect, test } from './support/fixtures';
import { sampleAddress } from '../fixtures/checkout';

const home: AddressInput = {
  ...sampleAddress,
  apartment: 'Unit 4',
  isDefault: true,
};

const office: AddressInput = {
  name: 'Ada Roast',
  apartment: null,
  country: 'CA',
  province: 'Quebec',
  city: 'Montreal',
  postalCode: 'H2X 1Y4',
  street: '200 Rue Sherbrooke',
  phoneNumber: '15145550100',
  isDefault: false,
};

/** A signed-in shopper with these saved addresses and one product in the cart, on the home page. */
async function signedInShopperWith(page: Page, app: RunningApp, addresses: AddressInput[]) {
  const shopper = newShopper('returning');
  const token = await registerThroughApi(app, shopper);
  for (const address of addresses) await addAddressThroughApi(app, token, address);
  const [productId] = await buyableProductIds(app, 1);
  await addToUserCart(app, token, productId ?? 3, 1);
  await openOrigin(page);
  await storeToken(page, token);
  await page.goto('/');
  return { shopper, token };
}

function savedAddresses(page: Page) {
  return page.getByRole('dialog').getByRole('group', { name: 'Saved addresses' });
}

/** Step 1's Order Items panel shows the server cart's shipping and total (D4). */
async function expectServerTotals(page: Page, cart: { shipping: number; total: number }) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('order-items-shipping')).toHaveText(
    `$${cart.shipping.toFixed(2)}`,
  );
  await expect(dialog.getByTestId('cart-total')).toHaveText(`$${cart.total.toFixed(2)}`);
}

async function placeCodOrder(page: Page) {
  await continueToPayment(page);
  await page.getByRole('radio', { name: 'Cash on Delivery (COD)' }).check();
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Waiting For Payment');
}

test('a returning shopper finds their default address filled in, the default method chosen, and pays', async ({
  page,
  app,
}) => {
  const { token } = await signedInShopperWith(page, app, [home, office]);

  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  // Step 0 holds the default address; the other saved one is offered beside "A new address".
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue(home.street);
  await expect(dialog.getByLabel('Apartment suite etc')).toHaveValue('Unit 4');
  await expect(dialog.getByLabel('Country')).toHaveValue('CA');
  await expect(dialog.getByLabel('Phone Number')).toHaveValue(home.phoneNumber);
  await expect(dialog.getByLabel('Set as default address')).toBeChecked();
  await expect(savedAddresses(page).getByRole('radio')).toHaveCount(3);
  await expect(
    savedAddresses(page).getByRole('radio', { name: /12 King Street West/ }),
  ).toBeChecked();
  await expectA11y(page, 'checkout step 0 with saved addresses');

  // Nothing to type: one click goes on, and step 1 opens with Free Shipping (id 1) chosen.
  await continueToShipping(page);
  await expect(dialog.getByTestId('checkout-summary')).toContainText(
    '12 King Street West, Unit 4, Toronto, Ontario, M5V 2T6, Canada',
  );
  await expect(page.getByRole('radio', { name: /Free Shipping/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  // The server cart learnt it: the totals shown are the server's, shipping included.
  const cart = await userCart(app, token);
  expect(cart.shipMethod?.methodId).toBe(1);
  await expectServerTotals(page, cart);

  await continueToPayment(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: `Pay $${cart.total.toFixed(2)}` }).click();
  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Processed');
  await expect(page.getByTestId('order-facts')).toContainText('Free Shipping');
  // Still two addresses: the one used was the saved default.
  const addresses = await ok(app.api.as({ token }).GET('/api/v1/account/address'), 'addresses');
  expect(addresses.map((a) => [a.street, a.isDefault])).toEqual([
    [home.street, true],
    [office.street, false],
  ]);
});

test('a returning shopper picks another saved address and can make it the default', async ({
  page,
  app,
}) => {
  const { token } = await signedInShopperWith(page, app, [home, office]);

  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue(home.street);
  await savedAddresses(page)
    .getByRole('radio', { name: /200 Rue Sherbrooke/ })
    .check();
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue(office.street);
  await expect(dialog.getByLabel('City')).toHaveValue('Montreal');
  await expect(dialog.getByLabel('Apartment suite etc')).toHaveValue('');
  await expect(dialog.getByLabel('Set as default address')).not.toBeChecked();
  await dialog.getByLabel('Set as default address').check();

  await continueToShipping(page);
  await expect(dialog.getByTestId('checkout-summary')).toContainText(
    '200 Rue Sherbrooke, Montreal, Quebec, H2X 1Y4, Canada',
  );
  await placeCodOrder(page);

  // "Set as default address" made the saved office the default; nothing new was added.
  await page.goto('/account/address');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address List');
  const addresses = await ok(app.api.as({ token }).GET('/api/v1/account/address'), 'addresses');
  expect(addresses.map((a) => [a.street, a.isDefault])).toEqual([
    [office.street, true],
    [home.street, false],
  ]);
});

test('checking out twice with the same address, typed differently, keeps one address in the account', async ({
  page,
  app,
}) => {
  const { token } = await signedInShopperWith(page, app, []);

  // First checkout: no saved address yet, so the shopper types it.
  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  await expect(savedAddresses(page)).toHaveCount(0);
  await dialog.getByLabel('Name', { exact: true }).fill(office.name);
  await dialog.getByLabel('Country').selectOption('CA');
  await dialog.getByLabel('Province').fill(office.province);
  await dialog.getByLabel('City').fill(office.city);
  await dialog.getByLabel('Postal Code').fill(office.postalCode);
  await dialog.getByLabel('Street', { exact: true }).fill(office.street);
  await dialog.getByLabel('Phone Number').fill(office.phoneNumber);
  await continueToShipping(page);
  await placeCodOrder(page);

  // Second checkout: it is offered and filled in; the shopper retypes it anyway, spaced and
  // cased their own way, as a new address.
  const [productId] = await buyableProductIds(app, 1);
  await addToUserCart(app, token, productId ?? 3, 1);
  await page.goto('/');
  await openCheckout(page);
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue(office.street);
  await savedAddresses(page).getByRole('radio', { name: 'A new address' }).check();
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue('');
  await dialog.getByLabel('Name', { exact: true }).fill('ada  roast');
  await dialog.getByLabel('Country').selectOption('CA');
  await dialog.getByLabel('Province').fill('QUEBEC');
  await dialog.getByLabel('City').fill(' montreal ');
  await dialog.getByLabel('Postal Code').fill('h2x 1y4');
  await dialog.getByLabel('Street', { exact: true }).fill('200  rue sherbrooke');
  await dialog.getByLabel('Phone Number').fill(office.phoneNumber);
  // The fields hold the saved address again (told apart only by case and spaces).
  await expect(
    savedAddresses(page).getByRole('radio', { name: /200 Rue Sherbrooke/ }),
  ).toBeChecked();
  await continueToShipping(page);
  await placeCodOrder(page);

  await page.goto('/account/address');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address List');
  await expect(page.getByText('200 Rue Sherbrooke')).toHaveCount(1);
  const addresses = await ok(app.api.as({ token }).GET('/api/v1/account/address'), 'addresses');
  expect(addresses).toHaveLength(1);
});

test('after autofill, one click on Continue to Shipping goes on; step 1 opens with Free Shipping counted in the total', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  const dialog = page.getByRole('dialog');

  // The shopper tabs through the empty fields first: each one says what it needs.
  await dialog.getByLabel('Email', { exact: true }).focus();
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('Tab');
  await expect(
    dialog.locator('[id$="-error"]', { hasText: 'Street detail is require' }),
  ).toBeVisible();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  // Then the browser's autofill fills every field at once, without a keystroke or a blur in
  // each (the value is set and an input event sent, as Chromium's autofill does).
  await page.evaluate(
    (values) => {
      const setter = (element: HTMLInputElement | HTMLSelectElement, value: string) => {
        const proto = Object.getPrototypeOf(element) as object;
        Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
        element.dispatchEvent(new Event('input', { bubbles: true }));
        element.dispatchEvent(new Event('change', { bubbles: true }));
      };
      for (const [autocomplete, value] of Object.entries(values)) {
        const element = document.querySelector<HTMLInputElement | HTMLSelectElement>(
          `[role=dialog] [autocomplete="${autocomplete}"]`,
        );
        if (!element) throw new Error(`no field with autocomplete=${autocomplete}`);
        setter(element, value);
      }
    },
    {
      email: guest.email,
      'shipping name': guest.name,
      'shipping country': guest.country,
      'shipping address-level1': guest.province,
      'shipping address-level2': guest.city,
      'shipping postal-code': guest.postalCode,
      'shipping address-line1': guest.street,
      'shipping tel': guest.phone,
    },
  );
  await expect(dialog.getByLabel('Street', { exact: true })).toHaveValue(guest.street);

  // One click.
  await continueToShipping(page);
  await expect(page.getByRole('radio', { name: /Free Shipping/ })).toBeChecked();
  await expect.poll(async () => (await serverCart(page)).shipMethod?.methodId).toBe(1);
  await expectServerTotals(page, await serverCart(page));
  await expectA11y(page, 'checkout step 1 with the default method');

  // Another method replaces it, on the server and in the total.
  await chooseShipping(page, 'Express Shipping');
  await expect.poll(async () => (await serverCart(page)).shipMethod?.methodId).toBe(3);
  const express = await serverCart(page);
  expect(express.shipping).toBe(6.99);
  await expectServerTotals(page, express);
});
