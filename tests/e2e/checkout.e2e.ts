import type { Page } from '@playwright/test';
import { ok } from '../support/test-api';
import { expectA11y, setTheme } from './support/axe';
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
  readHistory,
  toPaymentStep,
} from './support/checkout';
import { pageApi, serverCart } from './support/cart';
import { expect, test } from './support/fixtures';

test('a guest pays by card with 4242 4242 4242 4242 and lands on the confirmation with the server’s totals', async ({
  page,
  app,
  newShopContext,
  expectedHttpErrors,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  await openCheckout(page);
  await expectA11y(page, 'checkout step 0');

  await fillDetails(page);
  await continueToShipping(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('checkout-summary')).toContainText(
    '12 King Street West, Toronto, Ontario, M5V 2T6, Canada',
  );
  await chooseShipping(page, 'Standard Shipping');
  // The Order Items panel shows the server's shipping and total once the method is stored.
  await expect(dialog.getByTestId('cart-total')).toHaveText('$14.99');
  await expectA11y(page, 'checkout step 1');

  await continueToPayment(page);
  await expect(page.getByRole('radio', { name: 'Debit/Credit Card' })).toBeChecked();
  await fillCard(page, '4242424242424242');
  await expectA11y(page, 'checkout step 2');
  await page.getByRole('button', { name: 'Pay $14.99' }).click();

  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await page.getByText('Payment successful!').waitFor();
  // The toast leaves after 2 s; axe would otherwise measure it mid-fade.
  await expect(page.getByText('Payment successful!')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  const orderId = orderIdFromUrl(page);
  const token = await orderTokenOf(page, orderId);
  expect(token).toBeTruthy();
  const order = await ok(
    app.api
      .as({ orderToken: token })
      .GET('/api/v1/order/{orderId}', { params: { path: { orderId } } }),
    'the order',
  );
  expect(order.status).toBe('PAID');
  const totals = page.getByTestId('order-totals');
  await expect(totals).toContainText('Subtotal$10.00');
  await expect(totals).toContainText('Tax (10%)$1.00');
  await expect(totals).toContainText('Shipping$3.99');
  await expect(totals).toContainText(`Grand Total$${order.totalAmount.toFixed(2)}`);
  await expect(page.getByTestId('order-facts')).toContainText('ada@lumen.test');
  await expect(page.getByTestId('order-status')).toHaveText('Processed');
  // The cart is empty now (the Order button counts 0).
  await expect(page.getByTestId('order-count')).toHaveText('0');
  await expectA11y(page, 'confirmation');

  await page.getByRole('button', { name: 'Tracking' }).click();
  const history = page.getByTestId('order-history');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Waiting For Payment');
  await expect(history).toContainText('Processed');
  await expectA11y(page, 'track order panel');
  await page.keyboard.press('Escape');

  // A reload keeps the confirmation (this browser kept the order's token).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await setTheme(page, 'dark');
  await expect(page.getByTestId('order-totals')).toContainText('Grand Total$14.99');

  // Another browser context cannot read the order: a clear "not found" (its 404 on purpose).
  expectedHttpErrors.push({ status: 404, path: new RegExp(`^/api/v1/order/${orderId}$`) });
  const stranger = await newShopContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/completed-checkout/${orderId}`);
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Order not found');
  await stranger.close();

  const cart = await serverCart(page);
  expect(cart.cartItems).toEqual([]);
});

/** Counts the requests the page makes to one path (by method). */
function countRequests(page: Page, method: string, path: string | RegExp) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    const matches = typeof path === 'string' ? pathname === path : path.test(pathname);
    if (request.method() === method && matches) counter.count += 1;
  });
  return counter;
}

/** Card confirmations at the sandbox's Stripe stand-in, as Stripe.js makes them. */
const CARD_CONFIRM = /^\/v1\/payment_intents\/[A-Za-z0-9_]+\/confirm$/;

/** The idempotency keys the page's order requests carry, and the order ids they were answered. */
function watchOrders(page: Page) {
  const seen = { keys: new Set<string>(), orderIds: new Set<number>(), requests: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/order') return;
    seen.requests += 1;
    const body = request.postDataJSON() as { idempotencyKey?: string } | null;
    if (body?.idempotencyKey) seen.keys.add(body.idempotencyKey);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/v1/order') return;
    void response.json().then(
      (body: { orderId?: number }) => {
        if (typeof body.orderId === 'number') seen.orderIds.add(body.orderId);
      },
      () => undefined,
    );
  });
  return seen;
}

const DECLINES: [string, string][] = [
  ['4000000000000002', 'Your card was declined.'],
  ['4000000000009995', 'Your card has insufficient funds.'],
  ['4000000000009987', 'Your card was declined.'],
  ['4000000000000069', 'Your card has expired.'],
  ['4000000000000127', "Your card's security code is incorrect."],
  ['4000000000000119', 'An error occurred while processing your card. Try again in a little bit.'],
];

test('on a phone, every decline card shows its message and a retry with 4242 pays the same order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  const orders = watchOrders(page);
  await openCheckout(page);
  await expectA11y(page, 'step 0 on a phone');
  await fillDetails(page);
  await continueToShipping(page);
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);

  const pay = page.getByRole('button', { name: 'Pay $14.99' });
  for (const [card, message] of DECLINES) {
    await fillCard(page, card);
    await pay.click();
    await expect(page.getByTestId('payment-error')).toHaveText(message);
    // The fields are back for another try.
    await expect(page.getByRole('textbox', { name: 'Card Number' })).toBeVisible();
  }
  await expectA11y(page, 'payment step after a decline');

  await fillCard(page, '4242424242424242');
  await pay.click();
  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');

  // One order: placed once, failed six times, then paid. Each retry sent the same order request
  // (one key), and the server answered the same order every time (ADR-0050).
  expect(orders.requests).toBe(DECLINES.length + 1);
  expect(orders.keys.size).toBe(1);
  expect(orders.orderIds.size).toBe(1);
  const history = await readHistory(page, orderIdFromUrl(page));
  expect(history.map((event) => event.status)).toEqual(['PENDING', 'PAYMENT_FAILED', 'PAID']);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('ten rapid clicks on Pay make exactly one order and one payment', async ({ page }) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  const orders = countRequests(page, 'POST', '/api/v1/order');
  const payments = countRequests(page, 'POST', CARD_CONFIRM);
  await toPaymentStep(page);
  await fillCard(page, '4242424242424242');
  // Ten clicks in one task, before React can even re-render the button as disabled.
  await page.getByRole('button', { name: /^Pay / }).evaluate((button) => {
    for (let i = 0; i < 10; i += 1) (button as HTMLButtonElement).click();
  });
  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Processed');
  expect(orders.count).toBe(1);
  expect(payments.count).toBe(1);
});

test('in dark mode on a phone, a guest places a cash-on-delivery order', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  await setTheme(page, 'dark');
  const payments = countRequests(page, 'POST', CARD_CONFIRM);

  await openCheckout(page);
  await expectA11y(page, 'step 0, dark');
  await fillDetails(page);
  await continueToShipping(page);
  await chooseShipping(page, 'Express Shipping');
  await expectA11y(page, 'step 1, dark');
  await continueToPayment(page);
  await page.getByRole('radio', { name: 'Cash on Delivery (COD)' }).check();
  await expectA11y(page, 'step 2 (COD), dark');
  await page.getByRole('button', { name: /^Place Order/ }).click();

  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Waiting For Payment');
  // On phones toasts sit at the bottom (issue 16), where the mouse still is after tapping Place
  // Order: a hovered toast waits, so the pointer leaves, as a finger does.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Order placed! You will pay on delivery.')).toBeHidden({
    timeout: 10_000,
  });
  await expect(page.getByTestId('order-facts')).toContainText('Cash on Delivery (COD)');
  await expect(page.getByTestId('order-count')).toHaveText('0');
  await expectA11y(page, 'COD confirmation, dark');
  expect(payments.count).toBe(0);
});

test('in dark mode, PayPal says plainly it is not available and never places an order', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await setTheme(page, 'dark');
  const orders = countRequests(page, 'POST', '/api/v1/order');
  await openCheckout(page);
  await fillDetails(page);
  await continueToShipping(page);
  await chooseShipping(page, 'Standard Shipping');
  await expectA11y(page, 'step 1, dark, desktop');
  await continueToPayment(page);
  await page.getByRole('radio', { name: 'Paypal' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'PayPal' })).toHaveText(
    'PayPal is not available yet. Please pay by card or cash on delivery.',
  );
  await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled();
  await expectA11y(page, 'step 2 (PayPal), dark, desktop');
  expect(orders.count).toBe(0);

  // Back from Payment returns to Shipping with the method cleared on the server cart.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Shipping', exact: true }),
  ).toBeFocused();
  await expect(page.getByRole('dialog').getByTestId('order-items-shipping')).toHaveText(
    'Not chosen yet',
  );
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Checkout', exact: true }),
  ).toBeFocused();
  // Back on step 0 closes the overlay.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('every validation message of the checkout shows on blur or submit, and a reload keeps what was typed', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  // A message under its field (steps 0 and 1; the error summary repeats it as a link).
  const expectMessage = (text: string) =>
    expect(dialog.locator('[id$="-error"]').filter({ hasText: text }).first()).toBeVisible();
  // The card fields' messages, said as they appear (the provider's words, spec §5).
  const expectCardMessage = (text: string) =>
    expect(dialog.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  const summary = dialog.getByRole('region', { name: 'There is a problem' });

  // Continue with nothing typed: the messages appear under the fields and in the error summary,
  // which takes focus (ADR-0057).
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(summary).toBeFocused();
  for (const message of [
    'Email is require',
    'Name is required',
    'Country is require',
    'Province is require',
    'City is require',
    'Postal Code is required',
    'Street detail is require',
    'Phone Number is required',
  ]) {
    await expectMessage(message);
    await expect(summary.getByRole('link', { name: message, exact: true })).toBeVisible();
  }
  await expectA11y(page, 'step 0 with errors');

  await dialog.getByLabel('Email', { exact: true }).fill('ada@');
  await dialog.getByLabel('Email', { exact: true }).blur();
  await expectMessage('Invalid email');
  const phone = dialog.getByLabel('Phone Number');
  await phone.fill('(702) abc-123');
  await expect(phone).toHaveValue('702123');
  await phone.blur();
  await expectMessage('Must be at least 10 digits');
  await phone.fill('1234567890123456789');
  await expect(phone).toHaveValue('123456789012345');

  // A reload mid-checkout keeps the checkout open on its step (ADR-0057) and what was typed.
  await fillDetails(page);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Checkout', exact: true }),
  ).toBeFocused();
  await expect(dialog.getByLabel('Street')).toHaveValue('12 King Street West');
  await expect(dialog.getByLabel('Country')).toHaveValue('CA');

  // Step 1 opens with the default method; Back from Payment clears it (spec §4), and Continue
  // without one asks for one.
  await continueToShipping(page);
  await continueToPayment(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Shipping', exact: true }),
  ).toBeFocused();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(summary).toBeFocused();
  await expectMessage('Please select a shipping method');
  await summary.getByRole('link', { name: 'Please select a shipping method' }).click();
  await expect(page.getByRole('radio').first()).toBeFocused();
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);

  // Card fields: Stripe's messages from the element events, cleared when fixed.
  await fillCard(page, '4242424242424241', '01 / 20', '12');
  await dialog.getByLabel('Card Holder Name').focus();
  await expectCardMessage('Your card number is invalid.');
  await expectCardMessage("Your card's expiration year is in the past.");
  await expectCardMessage("Your card's security code is incomplete.");
  await page.getByRole('button', { name: /^Pay / }).click();
  // Pay refused: the summary says so in spec §5's words and links to each field.
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Please correct the highlighted errors.');
  await expect(summary.getByRole('link')).toHaveText([
    'Your card number is invalid.',
    "Your card's expiration year is in the past.",
    "Your card's security code is incomplete.",
  ]);
  await summary.getByRole('link', { name: "Your card's security code is incomplete." }).click();
  await expect(dialog.getByRole('textbox', { name: 'Card CVC' })).toBeFocused();
  await expectA11y(page, 'step 2 with card errors');
  await fillCard(page, '4242424242424242');
  await expect(dialog.getByText('Your card number is invalid.')).toHaveCount(0);
  await expect(dialog.getByText('Please correct the highlighted errors.')).toHaveCount(0);
});

test('a cart emptied elsewhere says there is nothing to display in checkout', async ({ page }) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await page.getByTestId('order-button').click();
  await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeVisible();
  // Meanwhile the cart is emptied in another tab.
  const cleared = await (await pageApi(page)).DELETE('/api/v1/cart');
  expect(cleared.response.ok, `clearing the cart answered ${cleared.response.status}`).toBe(true);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(
    page.getByText('There is nothing to display, please order and come back.'),
  ).toBeVisible();
  await expectA11y(page, 'empty checkout');
});
