// Toasts (issue 16's defect 5, failing before its fix): a success takes away the error it
// answers, and toasts sit below the header with a close button.
import { DEMO, signInWithForm } from './support/accounts';
import { expect, test } from './support/fixtures';

test('a success takes the error it answers away; toasts stay clear of the header', async ({
  page,
  expectedHttpErrors,
}) => {
  expectedHttpErrors.push({ status: 401, path: /^\/api\/v1\/auth\/login$/ });
  await page.goto('/sign-in');
  await signInWithForm(page, { email: DEMO.email, password: 'not-the-password' });
  // The toast (the same words also sit under the password field).
  const error = page.getByRole('status').filter({ hasText: 'Invalid email or password' });
  await expect(error).toBeVisible();
  // Below the header, with a close button.
  const header = await page.getByRole('banner').boundingBox();
  const toast = await error.boundingBox();
  expect(toast && header && toast.y >= header.y + header.height).toBe(true);
  await expect(page.getByRole('button', { name: 'Close notification' })).toBeVisible();

  await signInWithForm(page, DEMO);
  await page.waitForURL('**/account');
  await expect(page.getByRole('status').filter({ hasText: 'Log in successfully' })).toBeVisible();
  await expect(error).toBeHidden();
});
