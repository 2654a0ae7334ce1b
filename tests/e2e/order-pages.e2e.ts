// Order pages tell the truth (issue 30, ADR-0056): the heading, text and actions follow the
// order's status, never thanks for an order that failed, and every order page shows where it
// ships. Texts from the issue and spec §2.
import type { Page } from '@playwright/test';
import { expectA11y } from './support/axe';
import {
  arrangeCart,
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillCard,
  fillDetails,
  openCheckout,
  shopper,
} from './support/checkout';
import { expect, test } from './support/fixtures';

const THANKS = 'Thank you for your order!';
/** Stripe's declined test card (server/src/stripe/test-cards.ts). */
const DECLINED_CARD = '4000000000000002';

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

/** The ship-to block shows the address the shopper gave at step 0. */
async function expectShipTo(page: Page): Promise<void> {
  const shipTo = page.getByRole('region', { name: 'Ship to' });
  await expect(shipTo).toContainText(shopper.name);
  await expect(shipTo).toContainText(shopper.street);
  await expect(shipTo).toContainText(`${shopper.city}, ${shopper.province} ${shopper.postalCode}`);
  await expect(shipTo).toContainText('Canada');
}

/** A guest's cart of one cappucino, step 0 filled, on the Payment step. */
async function toPaymentStep(page: Page): Promise<void> {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  await fillDetails(page);
  await continueToShipping(page);
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);
}

test('a declined card’s order page says "Payment failed" with Pay now, never thanks, also after a reload and in another tab', async ({
  page,
  context,
}) => {
  await toPaymentStep(page);
  const placed = nextOrderId(page);
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
  const orderId = await placed;

  // The shopper opens the order's page in the tab that placed it.
  await page.goto(`/completed-checkout/${orderId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Payment failed');
  await expect(page.getByRole('status').first()).toContainText('Your card was declined.');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(page.getByText(THANKS)).toHaveCount(0);
  await expectShipTo(page);
  await expectA11y(page, 'a failed payment’s order page');

  await page.reload();
  await expect(heading).toHaveText('Payment failed');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expect(page.getByText(THANKS)).toHaveCount(0);

  // Another tab holds no payment attempt: it never thanks, and its Pay now pays this same order
  // too (ADR-0058), never a second one.
  const other = await context.newPage();
  await other.goto(`/completed-checkout/${orderId}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(other.getByText(THANKS)).toHaveCount(0);
  await expect(other.getByText('in the browser tab where it was placed')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await expectShipTo(other);
  await expectA11y(other, 'a failed payment’s order page in another tab');
  await other.close();

  // Pay now in the placing tab pays the same order, on its page: no order request at all.
  let placedAgain = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/order') {
      placedAgain = true;
    }
  });
  const panel = page.getByRole('region', { name: 'Pay for this order' });
  for (const [name, value] of [
    ['Card Number', '4242424242424242'],
    ['Card Expiry', '12 / 34'],
    ['Card CVC', '123'],
  ] as const) {
    await panel.getByRole('textbox', { name }).pressSequentially(value);
  }
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expect(heading).toHaveText(THANKS);
  expect(page.url()).toMatch(new RegExp(`/completed-checkout/${orderId}$`));
  expect(placedAgain).toBe(false);
});

test('a cash-on-delivery order says "You will pay on delivery" and shows the ship-to address', async ({
  page,
}) => {
  await toPaymentStep(page);
  await page.getByRole('radio', { name: 'Cash on Delivery (COD)' }).check();
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await page.waitForURL(/\/completed-checkout\/\d+$/);

  await expect(page.getByTestId('pay-on-delivery')).toHaveText('You will pay on delivery.');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await expectShipTo(page);
  await page.reload();
  await expect(page.getByTestId('pay-on-delivery')).toHaveText('You will pay on delivery.');
  await expectShipTo(page);
  await expectA11y(page, 'a cash-on-delivery order page');
});
