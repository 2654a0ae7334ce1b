import { expect as pwExpect } from '@playwright/test';
import type { Cart, OrderDetail, OrderStatusEvent } from '../../src/api/types';
import { expectNoSeriousA11yViolations, setTheme } from './support/axe';
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
} from './support/checkout';
import { expect, test } from './support/e2e-test';

test('a guest pays by card with 4242 4242 4242 4242 and lands on the confirmation with the server’s totals', async ({
  page,
  app,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  await openCheckout(page);
  await expectNoSeriousA11yViolations(page, 'checkout step 0');
  await page.screenshot({ path: '.screenshots/checkout-step0-light-1280.png', fullPage: false });

  await fillDetails(page);
  await continueToShipping(page);
  const dialog = page.getByRole('dialog');
  await pwExpect(dialog.getByTestId('checkout-summary')).toContainText(
    '12 King Street West, Toronto, Ontario, M5V 2T6, Canada',
  );
  await chooseShipping(page, 'Standard Shipping');
  // The Order Items panel shows the server's shipping and total once the method is stored.
  await pwExpect(dialog.getByTestId('order-items-total')).toHaveText('$14.99');
  await expectNoSeriousA11yViolations(page, 'checkout step 1');
  await page.screenshot({ path: '.screenshots/checkout-step1-light-1280.png', fullPage: false });

  await continueToPayment(page);
  await pwExpect(page.getByRole('radio', { name: 'Debit/Credit Card' })).toBeChecked();
  await fillCard(page, '4242424242424242');
  await expectNoSeriousA11yViolations(page, 'checkout step 2');
  await page.screenshot({ path: '.screenshots/checkout-step2-light-1280.png', fullPage: false });
  await page.getByRole('button', { name: 'Pay $14.99' }).click();

  await page.waitForURL(/\/completed-checkout\/\d+$/);
  await page.getByText('Payment successful!').waitFor();
  await pwExpect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  const orderId = orderIdFromUrl(page);
  const token = await orderTokenOf(page, orderId);
  expect(token).toBeTruthy();
  const order = await fetch(new URL(`/api/v1/order/${orderId}`, app.url), {
    headers: { 'X-Order-Token': token ?? '' },
  }).then((response) => response.json() as Promise<OrderDetail>);
  expect(order.status).toBe('PAID');
  const totals = page.getByTestId('order-totals');
  await pwExpect(totals).toContainText('Subtotal$10.00');
  await pwExpect(totals).toContainText('Tax (10%)$1.00');
  await pwExpect(totals).toContainText('Shipping$3.99');
  await pwExpect(totals).toContainText(`Grand Total$${order.totalAmount.toFixed(2)}`);
  await pwExpect(page.getByTestId('order-facts')).toContainText('ada@lumen.test');
  await pwExpect(page.getByTestId('order-status')).toHaveText('Processed');
  // The cart is empty now (the Order button counts 0).
  await pwExpect(page.getByTestId('order-count')).toHaveText('0');
  await expectNoSeriousA11yViolations(page, 'confirmation');
  await page.screenshot({ path: '.screenshots/confirmation-light-1280.png', fullPage: false });

  await page.getByRole('button', { name: 'Tracking' }).click();
  const history = page.getByTestId('order-history');
  await pwExpect(history.getByRole('listitem')).toHaveCount(2);
  await pwExpect(history).toContainText('Waiting For Payment');
  await pwExpect(history).toContainText('Processed');
  await expectNoSeriousA11yViolations(page, 'track order panel');
  await page.keyboard.press('Escape');

  // A reload keeps the confirmation (this browser kept the order's token).
  await page.reload();
  await pwExpect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  await setTheme(page, 'dark');
  await pwExpect(page.getByTestId('order-totals')).toContainText('Grand Total$14.99');
  await expectNoSeriousA11yViolations(page, 'confirmation, dark');
  await page.screenshot({ path: '.screenshots/confirmation-dark-1280.png', fullPage: false });

  // Another browser context cannot read the order: a clear "not found".
  const stranger = await page.context().browser()!.newContext({ baseURL: app.url });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/completed-checkout/${orderId}`);
  await pwExpect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Order not found');
  await stranger.close();

  const cart = await page.evaluate(async () => {
    const response = await fetch('/api/v1/cart', {
      headers: { 'X-Cart-Token': localStorage.getItem('cartToken') ?? '' },
    });
    return (await response.json()) as Cart;
  });
  expect(cart.cartItems).toEqual([]);
  void ({} as OrderStatusEvent);
});
