// Sign-in through the local OpenID provider (issue 15), from the shop's sign-in page: the app
// fixture (support/app-server.ts) starts it beside the API, as scripts/start.sh does. Each test
// has its own browser context, so the provider's session never carries over.
import type { Page } from '@playwright/test';
import { DEMO, expectGreeting } from './support/accounts';
import { expectA11y } from './support/axe';
import { expect, test } from './support/fixtures';

/** From the shop's sign-in page to the provider's login-and-consent page. */
async function openProvider(page: Page, appUrl: string): Promise<void> {
  await page.goto('/sign-in');
  const button = page.getByRole('link', { name: 'Sign in with Lumen ID' });
  await button.click();
  await page.getByRole('heading', { level: 1, name: 'Sign in with Lumen ID' }).waitFor();
  // The provider is another origin: the shop's address is gone from the bar.
  expect(new URL(page.url()).origin).not.toBe(new URL(appUrl).origin);
}

test('a new shopper signs in through the OpenID provider and no token is left behind', async ({
  page,
  app,
  expectedHttpErrors,
}) => {
  // Back from the shop to the provider's finished sign-in answers 400 on purpose.
  expectedHttpErrors.push({ status: 400, path: /^\/interaction\// });
  await openProvider(page, app.url);
  await expect(
    page.getByText('Lumen Roastery will receive your name and email address.'),
  ).toBeVisible();
  await expectA11y(page, 'provider page');

  await page.getByRole('button', { name: /Sam Taylor/ }).click();

  // Back on the shop's home page, signed in, with no token in the address.
  await page.waitForURL((url) => url.origin === app.url && url.pathname === '/');
  await expectGreeting(page, 'Sam Taylor');
  expect(page.url()).not.toContain('token');
  // Nor in the history: one step back is the provider's page, which says the sign-in is over.
  await page.goBack();
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in is over');
  await page.goto('/account');
  // A fresh identity at every sign-in (issue 28): two shoppers never share an account.
  await expect(page.getByTestId('account-detail')).toContainText(
    /sam\.taylor\.[0-9a-f]{12}@idp\.test/,
  );

  // A callback with a token that cannot be used says so, and the token leaves the address.
  await page.goto('/auth/callback?token=not-a-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in did not complete');
  expect(page.url()).not.toContain('token=');
  await expectA11y(page, 'callback refused');
});

test('an identity whose email has a shop password links only with that password', async ({
  page,
  app,
  expectedHttpErrors,
}) => {
  // The wrong password answers the linking page again with 400, on purpose.
  expectedHttpErrors.push({ status: 400, path: /^\/api\/v1\/auth\/oidc\/link$/ });
  await openProvider(page, app.url);
  await page.getByRole('button', { name: /Demo Shopper/ }).click();

  await page.getByRole('heading', { level: 1, name: 'Link your account' }).waitFor();
  await expectA11y(page, 'linking page');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That password is not right.');
  expect(page.url()).not.toContain('token=');

  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await page.waitForURL((url) => url.origin === app.url && url.pathname === '/');
  await expectGreeting(page, 'demo-shopper');
});

test('cancelling at the provider goes back to the shop sign-in, signed out', async ({
  page,
  app,
}) => {
  await openProvider(page, app.url);
  await page.getByRole('button', { name: 'Cancel and go back to Lumen Roastery' }).click();
  await page.waitForURL((url) => url.origin === app.url && url.pathname === '/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  await expect(page.getByRole('link', { name: 'Sign in with Lumen ID' })).toBeVisible();
});
