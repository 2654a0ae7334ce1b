import { expect, type Page } from '@playwright/test';
import type { OrderStatusEvent } from '../../../src/api/types';
import { ok } from '../../support/test-api';
import { addToCart, openOrigin, pageApi } from './cart';

/** Opens the shop with these lines in the guest cart (arranged through the API). */
export async function arrangeCart(
  page: Page,
  items: { productId: number; quantity: number }[],
): Promise<void> {
  await openOrigin(page);
  for (const { productId, quantity } of items) await addToCart(page, productId, quantity);
  await page.goto('/');
}

/** From any page: the Order button, then "Checkout" in the cart. */
export async function openCheckout(page: Page): Promise<void> {
  await page.getByTestId('order-button').click();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Checkout', exact: true }),
  ).toBeFocused();
}

export const shopper = {
  email: 'ada@lumen.test',
  name: 'Ada Roast',
  country: 'CA',
  province: 'Ontario',
  city: 'Toronto',
  postalCode: 'M5V 2T6',
  street: '12 King Street West',
  phone: '17021234567',
};

export async function fillDetails(page: Page, values = shopper): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(values.email);
  await dialog.getByLabel('Name', { exact: true }).fill(values.name);
  await dialog.getByLabel('Country').selectOption(values.country);
  await dialog.getByLabel('Province').fill(values.province);
  await dialog.getByLabel('City').fill(values.city);
  await dialog.getByLabel('Postal Code').fill(values.postalCode);
  await dialog.getByLabel('Street', { exact: true }).fill(values.street);
  await dialog.getByLabel('Phone Number').fill(values.phone);
}

export async function continueToShipping(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Shipping', exact: true }),
  ).toBeFocused();
}

export async function chooseShipping(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
}

export async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment', exact: true })).toBeFocused();
}

/** Types a card into the card fields (the sandbox's inputs; real Stripe would be iframes). */
export async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  const dialog = page.getByRole('dialog');
  const numberInput = dialog.getByRole('textbox', { name: 'Card Number' });
  await numberInput.fill('');
  await numberInput.pressSequentially(number);
  const expiryInput = dialog.getByRole('textbox', { name: 'Card Expiry' });
  await expiryInput.fill('');
  await expiryInput.pressSequentially(expiry);
  const cvcInput = dialog.getByRole('textbox', { name: 'Card CVC' });
  await cvcInput.fill('');
  await cvcInput.pressSequentially(cvc);
}

/** The guest's order token this browser kept for an order. */
export async function orderTokenOf(page: Page, orderId: number): Promise<string | null> {
  return page.evaluate(
    (id) =>
      (JSON.parse(localStorage.getItem('orderTokens') ?? '{}') as Record<string, string>)[id] ??
      null,
    String(orderId),
  );
}

export function orderIdFromUrl(page: Page): number {
  const match = /\/completed-checkout\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not on a confirmation page: ${page.url()}`);
  return Number(match[1]);
}

/** From the open cart: step 0 filled, a shipping method chosen, on the Payment step. */
export async function toPaymentStep(page: Page, shipping = 'Standard Shipping'): Promise<void> {
  await openCheckout(page);
  await fillDetails(page);
  await continueToShipping(page);
  await chooseShipping(page, shipping);
  await continueToPayment(page);
}

/** An order's status history, read as this browser may (a guest with its kept order token). */
export async function readHistory(page: Page, orderId: number): Promise<OrderStatusEvent[]> {
  const orderToken = await orderTokenOf(page, orderId);
  const api = (await pageApi(page)).as({ orderToken });
  return ok(
    api.GET('/api/v1/order/{orderId}/history', { params: { path: { orderId } } }),
    'the order history',
  );
}
