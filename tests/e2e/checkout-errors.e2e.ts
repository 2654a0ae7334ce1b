// Issue 30: a checkout a keyboard and screen-reader user can finish. The error summary of a
// failed step (GOV.UK's), field messages on blur and on submit only, the step in the address
// (Back, Forward, reload), and "Log in" that comes back to the checkout (ADR-0057).
import type { Page } from '@playwright/test';
import { newShopper, registerThroughApi, signInWithForm } from './support/accounts';
import { expectA11y, setTheme } from './support/axe';
import {
  arrangeCart,
  chooseShipping,
  continueToPayment,
  continueToShipping,
  fillCard,
  fillDetails,
  openCheckout,
} from './support/checkout';
import { expect, test } from './support/fixtures';

const stepInAddress = (page: Page) => new URL(page.url()).searchParams.get('step');
const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

test('an empty Continue on step 0 focuses an error summary whose links lead to the fields', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();

  // GOV.UK's summary: it takes focus, is named by its heading, and lists one link per field,
  // each with the field's own message (spec §5's texts), in the order the fields are asked.
  const summary = dialog.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toMatchAriaSnapshot(`
    - region "There is a problem":
      - heading "There is a problem" [level=2]
      - list:
        - listitem:
          - link "Email is require"
        - listitem:
          - link "Name is required"
        - listitem:
          - link "Country is require"
        - listitem:
          - link "Province is require"
        - listitem:
          - link "City is require"
        - listitem:
          - link "Postal Code is required"
        - listitem:
          - link "Street detail is require"
        - listitem:
          - link "Phone Number is required"
  `);
  // The inline messages stay, but no longer fire as alerts all at once: the summary speaks.
  await expect(dialog.locator('[id$="-error"]', { hasText: 'Name is required' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Each link moves focus to its field.
  await summary.getByRole('link', { name: 'Phone Number is required' }).click();
  await expect(dialog.getByLabel('Phone Number')).toBeFocused();
  await summary.getByRole('link', { name: 'Country is require' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Country')).toBeFocused();
  await summary.getByRole('link', { name: 'Email is require' }).click();
  await expect(dialog.getByLabel('Email', { exact: true })).toBeFocused();
  expect(stepInAddress(page)).toBe('details');

  // A fixed field leaves the summary; the next failed Continue focuses it again.
  await dialog.getByLabel('Email', { exact: true }).fill('ada@lumen.test');
  await expect(summary.getByRole('link')).toHaveCount(7);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(summary).toBeFocused();

  await expectA11y(page, 'step 0 error summary');
  // The theme is a stored preference: the reload keeps the checkout open on its step.
  await setTheme(page, 'dark');
  await expect(stepHeading(page, 'Checkout')).toBeFocused();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(dialog.getByRole('region', { name: 'There is a problem' })).toBeFocused();
  await expectA11y(page, 'step 0 error summary, dark');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/checkout-error-summary-dark-${width}.png` });
  }
  await setTheme(page, 'light');
  await expect(stepHeading(page, 'Checkout')).toBeFocused();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(dialog.getByRole('region', { name: 'There is a problem' })).toBeFocused();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/checkout-error-summary-light-${width}.png` });
  }
});

test('a Continue with no shipping method and a refused Pay focus the error summary of steps 1 and 2', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  await fillDetails(page);
  await continueToShipping(page);
  await continueToPayment(page);
  const dialog = page.getByRole('dialog');
  const summary = dialog.getByRole('region', { name: 'There is a problem' });

  // Back from Payment clears the method (spec §4): Continue without one is refused.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page, 'Shipping')).toBeFocused();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(summary).toBeFocused();
  await expect(summary).toMatchAriaSnapshot(`
    - region "There is a problem":
      - heading "There is a problem" [level=2]
      - list:
        - listitem:
          - link "Please select a shipping method"
  `);
  // The message stays under the list, and the summary alone speaks for it.
  await expect(dialog.locator('#shipping-method-error')).toHaveText(
    'Please select a shipping method',
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectA11y(page, 'step 1 error summary');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (dark) => document.documentElement.classList.toggle('dark', dark),
      theme === 'dark',
    );
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/checkout-step1-summary-${theme}-${width}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.classList.toggle('dark', false));
  await summary.getByRole('link', { name: 'Please select a shipping method' }).click();
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  // A second refused Continue focuses the summary again; a method chosen takes it away.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(summary).toBeFocused();
  await chooseShipping(page, 'Standard Shipping');
  await expect(summary).toHaveCount(0);
  await continueToPayment(page);

  // Pay with the card fields left empty is refused (spec §5): the summary says so in the spec's
  // words, lists each field's message, and takes focus.
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(summary).toBeFocused();
  await expect(summary).toMatchAriaSnapshot(`
    - region "There is a problem":
      - heading "There is a problem" [level=2]
      - paragraph: Please correct the highlighted errors.
      - list:
        - listitem:
          - link "Your card number is incomplete."
        - listitem:
          - link "Your card's expiration date is incomplete."
        - listitem:
          - link "Your card's security code is incomplete."
  `);
  await expect(dialog.getByTestId('payment-blocked')).toHaveCount(0);
  // The messages stay under the fields, and the summary alone speaks for them.
  await expect(dialog.getByText('Your card number is incomplete.', { exact: true })).toHaveCount(2);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await summary.getByRole('link', { name: "Your card's expiration date is incomplete." }).click();
  await expect(dialog.getByRole('textbox', { name: 'Card Expiry' })).toBeFocused();
  await summary.getByRole('link', { name: 'Your card number is incomplete.' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Card Number' })).toBeFocused();
  await expectA11y(page, 'step 2 error summary');
  // Fixed fields leave the summary; once none is wrong it goes.
  await fillCard(page, '4242424242424242');
  await expect(summary).toHaveCount(0);
});

test('typing a phone number digit by digit shows no message until the field is left', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  const dialog = page.getByRole('dialog');
  const phone = dialog.getByLabel('Phone Number');
  // The message under the field (the polite announcer keeps its last words, out of sight).
  const tooShort = dialog.locator('[id$="-error"]', { hasText: 'Must be at least 10 digits' });

  // Left empty: the field says so when the shopper leaves it, and says it once, politely.
  await phone.focus();
  await dialog.getByLabel('Set as default address').focus();
  await expect(
    dialog.locator('[id$="-error"]', { hasText: 'Phone Number is required' }),
  ).toBeVisible();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Phone Number is required' }),
  ).toHaveCount(1);

  // Back in the field, digit by digit: no new message while typing.
  await phone.focus();
  for (const digit of '702123') {
    await phone.press(digit);
    await expect(tooShort).toHaveCount(0);
  }
  // Leaving it says what is wrong now.
  await dialog.getByLabel('Set as default address').focus();
  await expect(tooShort).toBeVisible();

  // Fixing it clears the message as soon as the number is long enough, before leaving.
  await phone.focus();
  await phone.press('End');
  for (const digit of '4567') await phone.press(digit);
  await expect(phone).toHaveValue('7021234567');
  await expect(tooShort).toHaveCount(0);
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
});

test('browser Back from Shipping returns to step 0 inside checkout, Forward goes on, a reload keeps the step', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 1 }]);
  await openCheckout(page);
  expect(stepInAddress(page)).toBe('details');
  await fillDetails(page);
  await continueToShipping(page);
  expect(stepInAddress(page)).toBe('shipping');
  await chooseShipping(page, 'Standard Shipping');

  await page.goBack();
  await expect(stepHeading(page, 'Checkout')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(stepInAddress(page)).toBe('details');
  await expect(page.getByRole('dialog').getByLabel('Street')).toHaveValue('12 King Street West');

  await page.goForward();
  await expect(stepHeading(page, 'Shipping')).toBeVisible();
  expect(stepInAddress(page)).toBe('shipping');

  await page.reload();
  await expect(stepHeading(page, 'Shipping')).toBeVisible();
  expect(stepInAddress(page)).toBe('shipping');

  await chooseShipping(page, 'Standard Shipping');
  await continueToPayment(page);
  expect(stepInAddress(page)).toBe('payment');
  await page.reload();
  await expect(stepHeading(page, 'Payment')).toBeVisible();

  // Back from Payment is Shipping again; Back from step 0 leaves the checkout.
  await page.goBack();
  await expect(stepHeading(page, 'Shipping')).toBeVisible();
  await page.goBack();
  await expect(stepHeading(page, 'Checkout')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(stepInAddress(page)).toBeNull();

  // A step that cannot be shown yet (Payment with no address kept) falls back to step 0.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto('/?step=payment');
  await expect(stepHeading(page, 'Checkout')).toBeVisible();
  await expect.poll(() => stepInAddress(page)).toBe('details');
});

test('"Log in" from checkout comes back to checkout after sign-in, with the cart merged', async ({
  page,
  app,
}) => {
  const shopper = newShopper('login');
  await registerThroughApi(app, shopper);
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  await page.goto('/menu');
  await openCheckout(page);
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL('**/sign-in?**');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await signInWithForm(page, shopper);
  await page.waitForURL(
    (url) => url.pathname === '/menu' && url.searchParams.get('step') === 'details',
  );
  await expect(stepHeading(page, 'Checkout')).toBeVisible();
  const dialog = page.getByRole('dialog');
  // Signed in: the email is the account's, read-only (spec §6), and the guest's lines are here.
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('order-count')).toHaveText('2');
});

test('"Log in" from checkout, then the identity provider, also comes back to checkout, cart merged', async ({
  page,
}) => {
  await arrangeCart(page, [{ productId: 3, quantity: 2 }]);
  await page.goto('/menu');
  await openCheckout(page);
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL('**/sign-in?**');
  // The local OpenID provider (another origin), as the shop's sign-in page offers it.
  await page.getByRole('link', { name: 'Sign in with Lumen ID' }).click();
  await page.getByRole('button', { name: /Sam Taylor/ }).click();

  await page.waitForURL(
    (url) => url.pathname === '/menu' && url.searchParams.get('step') === 'details',
  );
  await expect(stepHeading(page, 'Checkout')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(/@idp\.test$/);
  await expect(page.getByTestId('order-count')).toHaveText('2');
});
