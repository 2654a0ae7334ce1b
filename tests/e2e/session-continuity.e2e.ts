// The session carries over reloads and tabs (issue 16's defects 1 and 2, each failing before its
// fix): a new shopper's merged guest cart survives the sign-up and a reload, and a tab opened on a
// protected page waits for a busy signed-in tab to answer instead of taking silence for a guest.
import { expectGreeting, newShopper, registerThroughApi, signInWithForm } from './support/accounts';
import { arrangeCart } from './support/checkout';
import { expect, test } from './support/fixtures';

const CAPPUCINO = 3;

test('a new shopper’s merged cart is there after sign-up and after a reload', async ({ page }) => {
  const shopper = newShopper('merged');
  await arrangeCart(page, [{ productId: CAPPUCINO, quantity: 2 }]);
  await expect(page.getByTestId('order-count')).toHaveText('2');

  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(shopper.username);
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/account');
  await expectGreeting(page, shopper.username);
  await expect(page.getByTestId('order-count')).toHaveText('2');

  await page.reload();
  await expectGreeting(page, shopper.username);
  await expect(page.getByTestId('order-count')).toHaveText('2');
  await page.getByTestId('order-button').click();
  await expect(page.getByRole('dialog', { name: 'My Cart' }).getByTestId('cart-line')).toHaveCount(
    1,
  );
});

test('a tab opened on a protected page waits for a busy tab’s answer', async ({ page, app }) => {
  const shopper = newShopper('busy');
  await registerThroughApi(app, shopper);
  await page.goto('/sign-in');
  await signInWithForm(page, { email: shopper.email, password: shopper.password });
  await page.waitForURL('**/account');

  // The signed-in tab is busy for 1.5 s (a loaded phone): it cannot answer before then.
  void page.evaluate(() => {
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      // busy
    }
  });
  const third = await page.context().newPage();
  await third.goto('/account/address');

  await expect(third.getByRole('heading', { level: 1 })).toHaveText('Address List', {
    timeout: 15_000,
  });
  await expectGreeting(third, shopper.username);
  await third.close();
});
