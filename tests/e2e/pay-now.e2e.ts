// Pay now from any tab or device (issue 30, ADR-0058), and where a failed payment's message sits:
// next to the card fields, with focus, so the next Tab reaches Card Number. Texts from spec §4
// and §8 (the card provider's own message for a decline).
import type { Locator, Page } from '@playwright/test';
import { sampleOrderRequest } from '../fixtures/checkout';
import { ok } from '../support/test-api';
import { newShopper, registerThroughApi, storeToken } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { expectA11y, setTheme } from './support/axe';
import { openOrigin } from './support/cart';
import { arrangeCart, fillCard, orderTokenOf, toPaymentStep } from './support/checkout';
import { expect, test } from './support/fixtures';

const THANKS = 'Thank you for your order!';
/** Stripe's test cards (server/src/stripe/test-cards.ts). */
const DECLINED_CARD = '4000000000000002';
const GOOD_CARD = '4242424242424242';

/** Every POST /api/v1/order a page makes: paying an order again must never place one. */
function countOrderPlacements(page: Page): () => number {
  let placed = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/order') {
      placed += 1;
    }
  });
  return () => placed;
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

/** Types a card into the order page's payment panel (the sandbox's inputs). */
async function fillPanelCard(panel: Locator, number: string): Promise<void> {
  const fields: [string, string][] = [
    ['Card Number', number],
    ['Card Expiry', '12 / 34'],
    ['Card CVC', '123'],
  ];
  for (const [name, value] of fields) {
    const input = panel.getByRole('textbox', { name });
    await input.fill('');
    await input.pressSequentially(value);
  }
}

/** The message sits inside the card-fields group, right before Card Number, and has focus. */
async function expectMessageBesideCardNumber(scope: Locator, text: string): Promise<void> {
  const group = scope.getByRole('group', { name: 'Card details' });
  const message = group.getByTestId('payment-error');
  await expect(message).toHaveText(text);
  await expect(message).toBeFocused();
  const cardNumber = group.getByRole('textbox', { name: 'Card Number' });
  // Nothing focusable between the message and Card Number: the next Tab reaches it.
  await scope.page().keyboard.press('Tab');
  await expect(cardNumber).toBeFocused();
}

/** A card order of the signed-in owner whose card was declined, arranged over HTTP. */
async function declinedOwnerOrder(app: RunningApp, token: string): Promise<number> {
  const order = await ok(
    app.api.as({ token }).POST('/api/v1/order', {
      body: sampleOrderRequest({
        items: [{ productId: 3, quantity: 1, price: 5 }],
        totalAmount: 9.49,
        taxAmount: 0.5,
        idempotencyKey: crypto.randomUUID(),
      }),
    }),
    'a card order',
  );
  const secret = order.clientSecret ?? '';
  // Declined as the browser's sandbox Stripe.js would have it declined, at the stand-in.
  const declined = await fetch(
    `${app.url}/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_sandbox',
        client_secret: secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': DECLINED_CARD,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2034',
        'payment_method_data[card][cvc]': '123',
      }).toString(),
    },
  );
  expect(declined.status).toBe(402);
  await expect
    .poll(
      async () =>
        (
          await app.api.as({ token }).GET(`/api/v1/order/{orderId}`, {
            params: { path: { orderId: order.orderId } },
          })
        ).data?.status,
    )
    .toBe('PAYMENT_FAILED');
  return order.orderId;
}

test('after a declined card in checkout, focus is on the message beside the card fields, and the next Tab reaches Card Number', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await toPaymentStep(page);
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectMessageBesideCardNumber(page.getByRole('dialog'), 'Your card was declined.');
});

test('a guest’s declined order opened in another browser holding its order token is paid there with Pay now: a decline says why beside the card fields, a good card turns the page to thanks; never a second order', async ({
  page,
  newShopContext,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await toPaymentStep(page);
  const placed = nextOrderId(page);
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
  const orderId = await placed;
  const orderToken = await orderTokenOf(page, orderId);
  expect(orderToken).not.toBeNull();

  // Another browser with the order's link and its token (as the placing browser keeps it).
  const other = await (await newShopContext()).newPage();
  await other.addInitScript(
    ([id, token]) => window.localStorage.setItem('orderTokens', JSON.stringify({ [id]: token })),
    [String(orderId), orderToken ?? ''] as const,
  );
  const placements = countOrderPlacements(other);
  await other.goto(`/completed-checkout/${orderId}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  const panel = other.getByRole('region', { name: 'Pay for this order' });
  await expect(panel.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(other.getByText('in the browser tab where it was placed')).toHaveCount(0);

  // Declined again: the message sits beside the card fields, with focus, as in the checkout.
  await fillPanelCard(panel, DECLINED_CARD);
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expectMessageBesideCardNumber(panel, 'Your card was declined.');

  await fillPanelCard(panel, GOOD_CARD);
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(THANKS);
  await expect(other.getByTestId('order-status')).toHaveText('Processed');
  await expect(panel).toHaveCount(0);
  expect(placements()).toBe(0);
});

test('a signed-in owner pays a failed order from another device: the order page turns to thanks, order history shows it paid, and it stays one order', async ({
  app,
  newShopContext,
}) => {
  const owner = newShopper('paynow');
  const token = await registerThroughApi(app, owner);
  const orderId = await declinedOwnerOrder(app, token);

  const device = await (await newShopContext()).newPage();
  const placements = countOrderPlacements(device);
  await openOrigin(device);
  await storeToken(device, token);
  await device.goto(`/completed-checkout/${orderId}`);
  await expect(device.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  const panel = device.getByRole('region', { name: 'Pay for this order' });
  await fillPanelCard(panel, GOOD_CARD);
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expect(device.getByRole('heading', { level: 1 })).toHaveText(THANKS);
  expect(placements()).toBe(0);

  await device.goto('/account');
  const rows = device.getByTestId('orders-table').getByTestId('order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(String(orderId));
  await expect(rows.first()).toContainText('Processed');
  await expect(rows.first()).not.toContainText('Payment failed');
});

test('the order page’s payment panel: axe in both themes, and screenshots at 390 and 1280 px', async ({
  app,
  newShopContext,
}) => {
  const token = await registerThroughApi(app, newShopper('panel'));
  const orderId = await declinedOwnerOrder(app, token);
  const page = await (await newShopContext()).newPage();
  await openOrigin(page);
  await storeToken(page, token);
  await page.goto(`/completed-checkout/${orderId}`);
  const panel = page.getByRole('region', { name: 'Pay for this order' });
  await expect(panel).toBeVisible();
  await expectA11y(page, 'the order page’s payment panel');
  // A declined retry's message beside the card fields, checked too.
  await fillPanelCard(panel, DECLINED_CARD);
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expect(panel.getByTestId('payment-error')).toBeFocused();
  await expectA11y(page, 'the order page’s payment panel after a decline');
  // Screenshots of the panel with a declined retry's message, in both themes.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await fillPanelCard(panel, DECLINED_CARD);
    await panel.getByRole('button', { name: 'Pay now' }).click();
    await expect(panel.getByTestId('payment-error')).toBeFocused();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.getByTestId('payment-error').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.screenshots/pay-now-panel-${theme}-${width}.png` });
    }
  }
});
