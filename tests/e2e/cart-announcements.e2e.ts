import type { Page } from '@playwright/test';
import { ok } from '../support/test-api';
import { addToCart, openOrigin, pageApi, serverCart } from './support/cart';
import { arrangeCart, toPaymentStep } from './support/checkout';
import { expect, test } from './support/fixtures';

// Issue 30. Seed (server/src/seed-catalogue.ts): cappucino $5; milk coffee regal $5 qualifies for
// CASHBACK25; product 6 qualifies for DISKON50, "Diskon 50% With Credit or Debit Card".
const CAPPUCINO = 3;
const MILK_COFFEE = 5;
const DISKON50_ITEM = 6;
const DISKON50_ID = 2;

const CARD_ONLY_REASON =
  'This promo is only for payment by card. Pay by card to keep it, or remove the promo to pay cash on delivery.';

function drawer(page: Page) {
  return page.getByRole('dialog', { name: 'My Cart' });
}

/** The sentence a product's name starts (the server keeps names in lower case). */
function spoken(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

async function total(page: Page): Promise<string> {
  return `Total $${(await serverCart(page)).total.toFixed(2)}`;
}

/**
 * The total line once the server's cart holds `quantity` of `productId` (0: none). The drawer shows
 * a new quantity at once and saves it after that paint (ADR-0067), so the server's total read
 * right after the quantity shows can still be the old one; the announcement says the saved one.
 */
async function savedTotal(page: Page, productId: number, quantity: number): Promise<string> {
  await expect
    .poll(
      async () =>
        (await serverCart(page)).cartItems.find((item) => item.productId === productId)?.quantity ??
        0,
    )
    .toBe(quantity);
  return total(page);
}

test('the cart says each change once, in words, with the total, through one polite live region', async ({
  page,
  expectedHttpErrors,
}) => {
  expectedHttpErrors.push({ status: 400, path: /^\/api\/v1\/cart\/promo-code$/ });
  await openOrigin(page);
  await addToCart(page, CAPPUCINO, 2);
  const arranged = await addToCart(page, MILK_COFFEE, 1);
  const milkName = arranged.cartItems.find((item) => item.productId === MILK_COFFEE)?.productName;
  await page.goto('/');
  await page.getByTestId('order-button').click();
  const cart = drawer(page);
  await cart.getByTestId('cart-line').first().waitFor();

  // One region speaks for the whole cart (lines, totals, promos), politely; nothing else in the
  // cart is live, so nothing is said twice.
  const status = cart.getByRole('status');
  await expect(status).toHaveCount(1);
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(cart.getByRole('alert')).toHaveCount(0);

  // Plus: the new quantity and the server's total.
  const cappucino = cart.getByTestId('cart-line').filter({ hasText: 'CAPPUCINO' });
  await cappucino.getByRole('button', { name: 'Increase quantity of CAPPUCINO' }).click();
  await expect(cappucino.getByTestId('line-quantity')).toHaveText(/3$/);
  await expect(status).toHaveText(`Cappucino, quantity 3. ${await savedTotal(page, CAPPUCINO, 3)}`);

  // Minus.
  await cappucino.getByRole('button', { name: 'Decrease quantity of CAPPUCINO' }).click();
  await expect(status).toHaveText(`Cappucino, quantity 2. ${await savedTotal(page, CAPPUCINO, 2)}`);

  // A promo: its outcome and the discounted total, said once.
  await cart.getByRole('button', { name: 'Apply Cashback $2.50' }).click();
  await expect(cart.getByTestId('promo-chip')).toBeVisible();
  await expect(status).toHaveText(`Promo code applied successfully. ${await total(page)}`);
  await expect(cart.getByRole('status')).toHaveCount(1);

  // A refused code: the server's reason, said by the same region, not by a second alert.
  const code = cart.getByPlaceholder('Enter code');
  await code.fill('NOPE');
  await code.press('Enter');
  await expect(cart.getByTestId('promo-refusal')).toHaveText('Promo code is invalid');
  await expect(status).toHaveText('Promo code is invalid');
  await expect(cart.getByRole('alert')).toHaveCount(0);

  // Remove: the line is gone and the total left is said.
  await cart.getByRole('button', { name: `Remove ${(milkName ?? '').toUpperCase()}` }).click();
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await expect(status).toHaveText(
    `${spoken(milkName ?? '')} removed from the cart. ${await savedTotal(page, MILK_COFFEE, 0)}`,
  );
  // The accessibility tree has the same words.
  await expect(status).toMatchAriaSnapshot(
    `- status: ${spoken(milkName ?? '')} removed from the cart. ${await total(page)}`,
  );
});

test('a card-only promo is refused for cash on delivery, with the server’s reason beside the payment choice', async ({
  page,
  expectedHttpErrors,
}) => {
  expectedHttpErrors.push({ status: 400, path: /^\/api\/v1\/order$/ });
  await arrangeCart(page, [{ productId: DISKON50_ITEM, quantity: 1 }]);
  const api = await pageApi(page);
  await ok(
    api.PATCH('/api/v1/cart/promo/{promoId}', { params: { path: { promoId: DISKON50_ID } } }),
    'apply DISKON50',
  );
  await page.reload();
  await toPaymentStep(page);

  await page.getByRole('radio', { name: 'Cash on Delivery (COD)' }).check();
  await page.getByRole('button', { name: /^Place Order/ }).click();

  const refusal = page.getByTestId('payment-promo-refused');
  await expect(refusal).toHaveText(CARD_ONLY_REASON);
  await expect(refusal).toHaveRole('alert');
  // The shopper's words only: no general failure notice, no developer words.
  await expect(page.getByTestId('payment-problem')).toHaveCount(0);
  await expect(page.getByText(/PaymentIntent/)).toHaveCount(0);
  expect(new URL(page.url()).pathname).not.toMatch(/completed-checkout/);

  // Back on the card, the reason goes: the promo is the card's.
  await page.getByRole('radio', { name: 'Debit/Credit Card' }).check();
  await expect(refusal).toHaveCount(0);
});
