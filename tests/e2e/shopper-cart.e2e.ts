// Issue 18, "checkout is always in reach" and "add to cart confirms usefully": the cart drawer's
// total and Checkout in view whatever the lines, the phone checkout's order summary, and the
// add-to-cart modal, each as a shopper meets them, with axe in light and dark.
import type { Locator, Page } from '@playwright/test';
import type { Product } from '../../src/api/types';
import { expectA11y, expectTheme, storeTheme } from './support/axe';
import { addToCart, openOrigin, serverCart } from './support/cart';
import { chooseShipping, continueToShipping, fillDetails, openCheckout } from './support/checkout';
import { expect, test } from './support/fixtures';
import { displayName } from '../../src/lib/display-name';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const money = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * Products a shopper can buy online now, with a few in stock (from the API, not the seed's ids:
 * other journeys of the worker buy some, and the seed may mark some out of stock).
 */
async function buyable(page: Page, count: number): Promise<Product[]> {
  const response = await page.request.get('/api/v1/products?size=30');
  const products = (await response.json()) as Product[];
  const chosen = products.filter((product) => product.quantity >= 3).slice(0, count);
  expect(chosen).toHaveLength(count);
  return chosen;
}

function drawer(page: Page) {
  return page.getByRole('dialog', { name: 'My Cart' });
}

/** The element lies inside the window as it is, without any scrolling. */
async function expectInView(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} has a box`).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} bottom within ${viewport.height} px`).toBeLessThanOrEqual(
    viewport.height,
  );
  expect(box.x + box.width, `${what} right within ${viewport.width} px`).toBeLessThanOrEqual(
    viewport.width,
  );
}

for (const lines of [1, 6]) {
  test(`a shopper with ${lines} line(s) in the cart sees the total and Checkout without scrolling, on a phone and a desktop`, async ({
    page,
  }) => {
    await openOrigin(page);
    const products = await buyable(page, lines);
    for (const product of products) await addToCart(page, product.productId, 1);
    // One line in light, six in dark; expectA11y checks the other theme's contrast as well.
    const theme = lines === 1 ? 'light' : 'dark';
    await storeTheme(page, theme);
    await page.goto('/');
    await expectTheme(page, theme);
    const cart = await serverCart(page);

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const where = `the drawer with ${lines} line(s) at ${viewport.width} px`;
      // I open my cart from the header.
      await page.getByTestId('order-button').click();
      await expect(drawer(page).getByTestId('cart-line')).toHaveCount(lines);

      // The total and Checkout are there at once, inside the window.
      const checkout = drawer(page).getByRole('button', { name: 'Checkout', exact: true });
      const total = drawer(page).getByTestId('cart-total');
      await expect(total).toHaveText(money(cart.total));
      await expectInView(page, checkout, `Checkout in ${where}`);
      await expectInView(page, total, `the total in ${where}`);
      // The page itself did not scroll to get there.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      // Scrolling the drawer's body to its end (the last line, the promos) keeps them in place.
      const body = drawer(page).getByTestId('cart-drawer-body');
      await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await drawer(page).getByTestId('cart-line').last().scrollIntoViewIfNeeded();
      await expectInView(page, checkout, `Checkout in ${where}, scrolled`);

      await expectA11y(page, where);
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toBeHidden();
    }

    // Checkout from the footer opens the checkout.
    await page.getByTestId('order-button').click();
    await drawer(page).getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Checkout', exact: true }),
    ).toBeFocused();
  });
}

test('on a phone, checkout shows the order total at the top and the order summary on demand', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openOrigin(page);
  const [first, second] = await buyable(page, 2);
  if (!first || !second) throw new Error('two buyable products');
  await addToCart(page, first.productId, 2);
  await addToCart(page, second.productId, 1);
  // This journey is in dark (expectA11y checks the light theme's contrast as well).
  await storeTheme(page, 'dark');
  await page.goto('/');
  await expectTheme(page, 'dark');
  const cart = await serverCart(page);

  // I go to checkout: at the top, "Show order summary" with my total, folded.
  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  const toggle = dialog.getByRole('button', { name: /order summary/ });
  await expect(toggle).toHaveAccessibleName(`Show order summary ${money(cart.total)}`);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expectInView(page, toggle, 'the order summary button');
  const summary = dialog.getByRole('region', { name: 'Order summary' });
  await expect(summary).toBeHidden();
  // The Order Items panel is not repeated under the form on a phone.
  await expect(dialog.getByRole('complementary', { name: 'Your order' })).toBeHidden();
  await expectA11y(page, 'step 0 on a phone, summary folded (dark)');

  // I open it: my two lines and the money block, the server's numbers.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveAccessibleName(`Hide order summary ${money(cart.total)}`);
  await expect(summary.getByTestId('order-item')).toHaveCount(2);
  await expect(summary.getByTestId('order-item').first()).toContainText(
    money(cart.cartItems[0]?.lineTotal ?? Number.NaN),
  );
  await expect(summary.getByTestId('cart-total')).toHaveText(money(cart.total));
  await expect(summary.getByTestId('order-items-shipping')).toHaveText('Not chosen yet');
  await expectA11y(page, 'step 0 on a phone, summary open (dark)');

  // On the shipping step, the total at the top follows the shipping I choose.
  await toggle.click();
  await expect(summary).toBeHidden();
  await fillDetails(page, { ...shopperFor('phone-summary') });
  await continueToShipping(page);
  await chooseShipping(page, 'Express Shipping');
  await expect
    .poll(async () => (await serverCart(page)).shipMethod?.methodName)
    .toBe('Express Shipping');
  const withShipping = await serverCart(page);
  expect(withShipping.total).toBeGreaterThan(cart.total);
  await expect(toggle).toHaveAccessibleName(`Show order summary ${money(withShipping.total)}`);
  await expectA11y(page, 'step 1 on a phone, summary folded (dark)');
  await toggle.click();
  await expect(summary.getByTestId('order-items-shipping')).toHaveText(
    money(withShipping.shipping),
  );
  await expectA11y(page, 'step 1 on a phone, summary open (dark)');

  // On a desktop the summary stands beside the steps as before, and the fold is gone.
  await page.setViewportSize(DESKTOP);
  await expect(toggle).toBeHidden();
  await expect(dialog.getByRole('complementary', { name: 'Your order' })).toBeVisible();
});

function shopperFor(tag: string) {
  return {
    email: `ux-cart-${tag}-${Date.now()}@lumen.test`,
    name: 'Ada Roast',
    country: 'CA',
    province: 'Ontario',
    city: 'Toronto',
    postalCode: 'M5V 2T6',
    street: '12 King Street West',
    phone: '17021234567',
  };
}

for (const theme of ['light', 'dark'] as const) {
  test(`in ${theme}, adding to the cart confirms with the item, its quantity and line total, View Cart and Checkout`, async ({
    page,
  }) => {
    await openOrigin(page);
    const [product] = await buyable(page, 1);
    if (!product) throw new Error('a buyable product');
    await storeTheme(page, theme);
    await page.setViewportSize(theme === 'light' ? PHONE : DESKTOP);

    // I open the product, pick two and add them.
    await page.goto(`/menu/detail/${product.productId}`);
    await expectTheme(page, theme);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();

    const modal = page.getByRole('dialog', {
      name: `Successfully! Product ${displayName(product.name)} added to the cart!`,
    });
    await modal.waitFor();
    const line = (await serverCart(page)).cartItems.find(
      (item) => item.productId === product.productId,
    );
    expect(line?.quantity).toBe(2);
    const added = modal.getByTestId('added-line');
    await expect(added.getByRole('img')).toHaveCount(0); // decorative: alt=""
    await expect(added.locator('img')).toHaveAttribute('src', line?.imageUrl ?? '');
    await expect(added).toContainText(product.name.toUpperCase());
    await expect(added.getByTestId('added-quantity')).toHaveText('2');
    await expect(added.getByTestId('added-line-total')).toHaveText(money(line?.lineTotal ?? 0));
    await expect(modal.getByRole('button')).toHaveText(['Close', 'View Cart', 'Checkout']);
    await expectA11y(page, `the add-to-cart modal (${theme})`);

    // The keyboard stays inside the modal, and Escape closes it.
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement?.closest('[role="dialog"]') !== null,
      );
      expect(inside, `focus after ${press + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeFocused();

    // Once more: View Cart opens my cart drawer.
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await modal.getByRole('button', { name: 'View Cart' }).click();
    await expect(modal).toBeHidden();
    await expect(drawer(page).getByTestId('cart-line')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();

    // And again: Checkout goes straight to the checkout.
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await modal.getByRole('button', { name: 'Checkout' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Checkout', exact: true }),
    ).toBeFocused();
  });
}
