// Issue 30 ("Guest orders are kept", ADR-0055): a guest who pays and then creates an account in
// the same browser finds the order in their history; a stranger who registers the guest's email
// in another browser does not.
import type { Page } from '@playwright/test';
import { newShopper } from './support/accounts';
import {
  arrangeCart,
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillCard,
  fillDetails,
  openCheckout,
  orderIdFromUrl,
  orderTokenOf,
  shopper as checkoutShopper,
} from './support/checkout';
import { expect, test } from './support/fixtures';

const OFFER = 'Create an account to follow this order';
const EMPTY_HISTORY = 'Nothing to display. Please made an order and come back';

/** As a guest: two cappucinos, paid by card with `email` at checkout; answers the order id. */
async function payAsGuest(page: Page, email: string): Promise<number> {
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  await openCheckout(page);
  await fillDetails(page, { ...checkoutShopper, email });
  await continueToShipping(page);
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay $14.99' }).click();
  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  return orderIdFromUrl(page);
}

/** On the register page: fills what is still empty and signs up; lands on the account. */
async function signUp(page: Page, account: { username: string; email?: string; password: string }) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
  await page.getByLabel('Name', { exact: true }).fill(account.username);
  if (account.email !== undefined) {
    await page.getByLabel('Email', { exact: true }).fill(account.email);
  }
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
}

test('a guest who pays and then signs up in the same browser finds the order in the history', async ({
  page,
}) => {
  // A whole card checkout and a sign-up in one journey: twice the work of one checkout journey.
  test.slow();
  const account = newShopper('kept');
  const orderId = await payAsGuest(page, account.email);

  // I go on shopping, then decide to create an account, the way the sign-in page offers it.
  await page.getByRole('link', { name: 'Sign In', exact: true }).filter({ visible: true }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/register');
  await signUp(page, account);

  const rows = page.getByTestId('orders-table').getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name: String(orderId) })).toHaveAttribute(
    'href',
    `/completed-checkout/${orderId}`,
  );
  await expect(rows.first().getByTestId('order-status')).toHaveText('Processed');
  await expect(rows.first()).toContainText('$14.99');
  // The order's secret is no longer kept: the account reads it now.
  expect(await orderTokenOf(page, orderId)).toBeNull();

  // Its confirmation still opens, as the account's, with no offer of an account.
  await rows
    .first()
    .getByRole('link', { name: String(orderId) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByTestId('order-facts')).toContainText(account.email);
  await expect(page.getByRole('link', { name: OFFER })).toHaveCount(0);
});

test("another browser that registers the guest's email does not get the order; the guest's own browser does", async ({
  page,
  newShopContext,
}) => {
  // A card checkout and two sign-ups in two browsers in one journey.
  test.slow();
  const guestEmail = newShopper('guest').email;
  const orderId = await payAsGuest(page, guestEmail);

  // A stranger, in another browser, creates an account with the guest's email.
  const stranger = await newShopContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto('/register');
  await signUp(strangerPage, { ...newShopper('stranger'), email: guestEmail });
  await expect(strangerPage.getByTestId('orders-empty')).toHaveText(EMPTY_HISTORY);
  await stranger.close();

  // The guest, in the browser that paid, signs up with another email than the checkout's.
  await page.goto('/register');
  await signUp(page, newShopper('own'));
  const rows = page.getByTestId('orders-table').getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name: String(orderId) })).toBeVisible();
});

test('the confirmation offers a guest an account, and the register page opens with the order email', async ({
  page,
}) => {
  const account = newShopper('offer');
  await payAsGuest(page, account.email);

  await page.getByRole('link', { name: OFFER }).click();
  await page.waitForURL('**/register');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(account.email);
  // Still mine to change.
  await email.fill('someone.else@lumen.test');
  await expect(email).toHaveValue('someone.else@lumen.test');
});
