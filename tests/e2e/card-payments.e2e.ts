// Card payments as Stripe takes them (issue 25, ADR-0050): the sandbox's Stripe.js confirms at
// the API's Stripe stand-in, 3-D Secure asks the shopper, and Stripe's signed webhook, not the
// browser, makes the order PAID, so a reload or a closed tab loses nothing.
import type { Page, Request } from '@playwright/test';
import { expectA11y } from './support/axe';
import {
  arrangeCart,
  fillCard,
  orderIdFromUrl,
  readHistory,
  toPaymentStep as toPaymentStepFromCart,
} from './support/checkout';
import { expect, test } from './support/fixtures';

const CARD_CONFIRM = /\/v1\/payment_intents\/[A-Za-z0-9_]+\/confirm$/;
const STATUS_REPORT = /\/api\/v1\/order\/\d+\/status$/;

/** A cart of one cappucino ($9.49 with tax and Standard Shipping), on the Payment step. */
async function toPaymentStep(page: Page): Promise<void> {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await toPaymentStepFromCart(page);
}

/** The order id the next POST /order is answered with. */
function nextOrderId(page: Page): Promise<number> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/v1/order',
    )
    .then(async (response) => ((await response.json()) as { orderId: number }).orderId);
}

test.describe('3-D Secure', () => {
  test('a card that asks for authentication shows the challenge; Complete pays', async ({
    page,
  }) => {
    await toPaymentStep(page);
    await fillCard(page, '4000002760003184');
    const pay = page.getByRole('button', { name: /^Pay / });
    // The amount the bank is asked to confirm is the one on the Pay button.
    const amount = ((await pay.textContent()) ?? '').replace('Pay ', '');
    expect(amount).toBe('$9.49');
    await pay.click();
    const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(challenge).toBeVisible();
    await expect(challenge).toContainText(`your payment of ${amount}.`);
    const complete = challenge.getByRole('button', { name: 'Complete' });
    await expect(complete).toBeFocused();
    // Focus stays inside the challenge (Tab cycles its two buttons).
    await page.keyboard.press('Tab');
    await expect(challenge.getByRole('button', { name: 'Fail' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(complete).toBeFocused();
    await expectA11y(page, 'the 3-D Secure challenge');
    await complete.click();
    await page.waitForURL(/\/completed-checkout\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
    await expect(page.getByTestId('order-status')).toHaveText('Processed');
  });

  test('a failed authentication says so in the shopper’s words, and a retry pays the same order', async ({
    page,
  }) => {
    await toPaymentStep(page);
    const placed = nextOrderId(page);
    await fillCard(page, '4000000000003220');
    await page.getByRole('button', { name: /^Pay / }).click();
    const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
    await challenge.getByRole('button', { name: 'Fail' }).click();
    await expect(challenge).toBeHidden();
    await expect(page.getByTestId('payment-error')).toHaveText(
      'Your bank could not confirm this payment. Please try again, or use another card.',
    );
    const orderId = await placed;
    const retried = nextOrderId(page);
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: /^Pay / }).click();
    expect(await retried).toBe(orderId);
    await page.waitForURL(/\/completed-checkout\/\d+$/);
    expect(orderIdFromUrl(page)).toBe(orderId);
    const history = await readHistory(page, orderId);
    expect(history.map((event) => event.status)).toEqual(['PENDING', 'PAYMENT_FAILED', 'PAID']);
  });
});

test('the card holder name the shopper types is the payment’s billing name', async ({ page }) => {
  await toPaymentStep(page);
  const holder = page.getByRole('dialog').getByLabel('Card Holder Name');
  // Prefilled with the shipping name, and changed to the name on the card.
  await expect(holder).toHaveValue('Ada Roast');
  await holder.fill('A. Lovelace Card');
  await fillCard(page, '4242424242424242');
  const confirm = page.waitForRequest(
    (request) => request.method() === 'POST' && CARD_CONFIRM.test(request.url()),
  );
  await page.getByRole('button', { name: /^Pay / }).click();
  const form = new URLSearchParams((await confirm).postData() ?? '');
  expect(form.get('payment_method_data[billing_details][name]')).toBe('A. Lovelace Card');
  expect(form.get('payment_method_data[billing_details][email]')).toBe('ada@lumen.test');
  await page.waitForURL(/\/completed-checkout\/\d+$/);
});

test('a reload during "Processing payment..." shows the order as it is: paid', async ({
  page,
  expectedHttpErrors,
}) => {
  await toPaymentStep(page);
  const placed = nextOrderId(page);
  // The browser's own report of the payment never arrives: the page is reloaded while it waits
  // (the held request is never answered; the reload drops it).
  let holding = true;
  let held: Request | null = null;
  await page.route(STATUS_REPORT, async (route) => {
    if (!holding) return route.continue();
    held = route.request();
  });
  expectedHttpErrors.push({ status: 0, path: STATUS_REPORT });
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText("Processing payment... Don't refresh the page")).toBeVisible();
  await expect.poll(() => held !== null).toBe(true);
  const orderId = await placed;
  holding = false;
  await page.reload();
  // Stripe's webhook made it PAID; the app takes the shopper to the order's true state.
  await page.waitForURL(new RegExp(`/completed-checkout/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(page.getByTestId('order-status')).toHaveText('Processed');
  // A reload later does not send the shopper there again: the attempt is over.
  await page.goto('/menu');
  await expect(page).toHaveURL(/\/menu$/);
});

test('a tab closed right after paying: the webhook alone makes the order PAID, shown later', async ({
  page,
  context,
  expectedHttpErrors,
}) => {
  await toPaymentStep(page);
  const placed = nextOrderId(page);
  const reports: string[] = [];
  // Nothing the browser would send after the card is confirmed reaches the shop: the tab is gone.
  await page.route(STATUS_REPORT, async (route) => {
    reports.push(route.request().url());
    await route.abort('internetdisconnected');
  });
  expectedHttpErrors.push({ status: 0, path: STATUS_REPORT });
  await fillCard(page, '4242424242424242');
  const confirmed = page.waitForResponse(
    (response) => response.request().method() === 'POST' && CARD_CONFIRM.test(response.url()),
  );
  await page.getByRole('button', { name: /^Pay / }).click();
  expect((await confirmed).status()).toBe(200);
  const orderId = await placed;
  await page.close({ runBeforeUnload: false });

  const later = await context.newPage();
  await later.goto(`/completed-checkout/${orderId}`);
  await expect(later.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await expect(later.getByTestId('order-status')).toHaveText('Processed');
  const history = await readHistory(later, orderId);
  expect(history.map((event) => event.status)).toEqual(['PENDING', 'PAID']);
  // The order became PAID though no status report from the browser ever reached the shop.
  expect(reports.length).toBeLessThanOrEqual(1);
});

test('an order whose payment is still being confirmed says so, and updates by itself when the webhook lands', async ({
  page,
  context,
}, testInfo) => {
  await toPaymentStep(page);
  const placed = nextOrderId(page);
  // The card confirmation is held on its way to Stripe: the order waits, PENDING.
  let release: (() => Promise<void>) | null = null;
  await page.route(CARD_CONFIRM, async (route) => {
    release = () => route.continue();
  });
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay / }).click();
  const orderId = await placed;
  await expect.poll(() => release !== null).toBe(true);

  // The shopper opens the order in another tab meanwhile.
  const other = await context.newPage();
  await other.goto(`/completed-checkout/${orderId}`);
  const heading = other.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Confirming your payment');
  await expect(other.getByRole('status').first()).toContainText(
    'This page updates by itself as soon as your bank confirms the payment.',
  );
  await expectA11y(other, 'the confirming state');

  // Stripe confirms; its webhook makes the order PAID; the other tab shows it by itself.
  const confirmed = page.waitForResponse((response) => CARD_CONFIRM.test(response.url()));
  await (release as unknown as () => Promise<void>)();
  await confirmed;
  const from = Date.now();
  await expect(heading).toHaveText('Thank you for your order!');
  // Recorded, not asserted (docs/performance.md has the measured figures).
  testInfo.annotations.push({
    type: 'webhook to confirmation page',
    description: `${Date.now() - from} ms`,
  });
  await expect(other.getByTestId('order-status')).toHaveText('Processed');
});

test('a reload during "Processing payment..." after a decline: the order says why, and Pay now pays the same order on its page', async ({
  page,
}) => {
  await toPaymentStep(page);
  const placed = nextOrderId(page);
  // The browser's report of the decline never arrives: the page is reloaded while it waits (the
  // held request is never answered; the reload drops it). Later reports go through.
  let holding = true;
  let held = false;
  await page.route(STATUS_REPORT, async (route) => {
    if (!holding) return route.continue();
    held = true;
  });
  await fillCard(page, '4000000000000002');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(() => held).toBe(true);
  await expect(page.getByText("Processing payment... Don't refresh the page")).toBeVisible();
  const orderId = await placed;
  holding = false;
  await page.reload();

  // Stripe's webhook made it PAYMENT_FAILED; the shopper is shown that, with the reason.
  await page.waitForURL(new RegExp(`/completed-checkout/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(page.getByRole('status').first()).toContainText('Your card was declined.');
  await expectA11y(page, 'a failed payment’s order page');

  // Pay now on the order's page (ADR-0058): the card fields there pay the same order.
  const panel = page.getByRole('region', { name: 'Pay for this order' });
  for (const [name, value] of [
    ['Card Number', '4242424242424242'],
    ['Card Expiry', '12 / 34'],
    ['Card CVC', '123'],
  ] as const) {
    await panel.getByRole('textbox', { name }).pressSequentially(value);
  }
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  expect(orderIdFromUrl(page)).toBe(orderId);
  const history = await readHistory(page, orderId);
  expect(history.map((event) => event.status)).toEqual(['PENDING', 'PAYMENT_FAILED', 'PAID']);
});
