// What a shopper sees when the network goes (issue 16's defects 3 and 4, each failing before its
// fix): the cart's part fails offline with a message and Retry while the header keeps working,
// and a connection dropped while placing the order is told inline on the payment step. Axe
// checks both states. With E2E_SCREENSHOTS=1 they are also photographed into .screenshots/ at 390
// and 1280 px, light and dark (journeys take no screenshots otherwise).
import { addToCart, openOrigin } from './support/cart';
import {
  arrangeCart,
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillDetails,
  openCheckout,
} from './support/checkout';
import { expectA11y } from './support/axe';
import { expect, test, type Page } from './support/fixtures';

const CAPPUCINO = 3;
const MILK_COFFEE = 5;

/** Light and dark, at 1280 and 390 px, of what the page shows now. */
async function screenshotBothThemesAndWidths(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => {
        const root = document.documentElement;
        root.classList.toggle('dark', dark);
        root.classList.toggle('light', !dark);
        root.style.colorScheme = dark ? 'dark' : 'light';
      }, theme === 'dark');
      await page.screenshot({ path: `.screenshots/${name}-${theme}-${width}.png` });
    }
  }
  await page.setViewportSize(viewport);
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
    document.documentElement.style.colorScheme = 'light';
  });
}

test('tapping Order offline shows a message with Retry; the header keeps working', async ({
  page,
  expectedHttpErrors,
}) => {
  // Offline on purpose: the drawer's chunk (and any refetch) gets no answer.
  expectedHttpErrors.push({ status: 0, path: /./ });
  await openOrigin(page);
  await addToCart(page, CAPPUCINO, 1);
  await page.goto('/');
  await expect(page.getByTestId('order-count')).toHaveText('1');

  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-notice')).toContainText('You are offline.');
  await page.getByTestId('order-button').click();

  const failure = page.getByTestId('part-load-error');
  await expect(failure).toContainText('Your cart could not be loaded.');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Menu' }).first()).toBeVisible();
  await expectA11y(page, 'cart failure boundary, offline');
  await screenshotBothThemesAndWidths(page, 'offline-cart-failure');

  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'My Cart' })).toBeVisible();
});

test('a dropped connection while placing the order stays on the payment step, in words', async ({
  page,
  expectedHttpErrors,
}) => {
  expectedHttpErrors.push({ status: 0, path: /^\/api\/v1\/order$/ });
  await arrangeCart(page, [{ productId: MILK_COFFEE, quantity: 1 }]);
  await openCheckout(page);
  await fillDetails(page);
  await continueToShipping(page);
  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);
  await page.getByRole('radio', { name: 'Cash on Delivery (COD)' }).check();

  await page.route('**/api/v1/order', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.getByRole('button', { name: /^Place Order / }).click();

  const problem = page.getByTestId('payment-problem');
  await expect(problem).toContainText('Error processing payment. Please try again later.');
  await expect(problem).toContainText('Your order was not placed, and nothing was charged.');
  // No developer-worded toast that vanishes.
  await expect(page.getByText(/^Error creating PaymentIntent/)).toHaveCount(0);
  await expectA11y(page, 'inline payment error');
  await screenshotBothThemesAndWidths(page, 'inline-payment-error');
  await expect(problem).toBeVisible();

  await page.unroute('**/api/v1/order');
  await page.getByRole('button', { name: /^Place Order / }).click();
  await page.waitForURL(/\/completed-checkout\/\d+$/);
});
