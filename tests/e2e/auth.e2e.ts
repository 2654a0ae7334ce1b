import { sessionJwt } from '../fixtures/jwt';
import {
  addToUserCart,
  buyableProductIds,
  DEMO,
  expectGreeting,
  newShopper,
  registerThroughApi,
  signInWithForm,
  storeToken,
  userCart,
} from './support/accounts';
import { expectA11y } from './support/axe';
import { expect, test } from './support/fixtures';
import { addToCart, openOrigin } from './support/cart';

test('a new shopper registers, lands on the account with a greeting, and logs out', async ({
  page,
  expectedHttpErrors,
}) => {
  const shopper = newShopper('newbie');
  // Trying an email that is taken answers 409 on purpose.
  expectedHttpErrors.push({ status: 409, path: /^\/api\/v1\/auth\/signup$/ });

  // I open "Create an account" from the sign-in page.
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
  await expectA11y(page, 'register');

  // An email already in use says so under the field, with the failure toast.
  await page.getByLabel('Name', { exact: true }).fill(shopper.username);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
  await expect(page.getByText('Sign up failed. Please check your details')).toBeVisible();

  // With my own email the account is created and I land on my account, greeted by name.
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
  await expectGreeting(page, shopper.username);
  await expect(page.getByTestId('account-detail')).toContainText(shopper.email);

  // From any page, my greeting takes me back to my account (issue 18).
  await page.getByRole('link', { name: 'Menu', exact: true }).first().click();
  await page.waitForURL('**/menu');
  await page.getByRole('link', { name: `Hi, ${shopper.username}, My Account` }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');

  // Logout forgets me, takes me to the sign-in page and says so.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/sign-in');
  await expect(page.getByText('You are logged out.')).toBeVisible();
  await expectA11y(page, 'sign-in after Logout, with its toast');
  await expect(
    page.getByRole('link', { name: 'Sign In', exact: true }).filter({ visible: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();

  // The account is no longer reachable.
  await page.goto('/account');
  await page.waitForURL((url) => url.pathname === '/sign-in');
});

test('on a phone the person icon in the header leads to sign-in, then to My Account', async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shopper = newShopper('phone');
  const token = await registerThroughApi(app, shopper);

  // Signed out, the icon is the way to sign in, without opening the menu.
  await page.goto('/menu');
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  await expectA11y(page, 'sign-in at 390 with the account icon');

  // Signed in, one tap on the same icon opens My Account.
  await storeToken(page, token);
  await page.goto('/menu');
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
  await expectA11y(page, 'account at 390 with the account icon');
});

test('the sign-in form checks each field, refuses a wrong password, then signs in', async ({
  page,
  expectedHttpErrors,
}) => {
  // The wrong password answers 401 on purpose.
  expectedHttpErrors.push({ status: 401, path: /^\/api\/v1\/auth\/login$/ });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  // Everything spec §2 lists is there.
  await expect(page.getByTestId('identity-provider')).toBeVisible();
  await expect(page.getByText('Or used email')).toBeVisible();
  await expect(page.getByLabel('Remember me')).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Forgot Password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/menu');
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/menu');
  await expectA11y(page, 'sign-in');

  // Each rule of spec §5 speaks when I leave the field.
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await email.focus();
  await password.focus();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('ab');
  await password.focus();
  await expect(page.getByText('Must be at least 3 characters')).toBeVisible();
  await email.focus();
  await expect(page.getByText('Password is required')).toBeVisible();
  await password.fill('abc');
  await email.focus();
  await expect(page.getByText('Must be at least 6 character', { exact: true })).toBeVisible();
  await expectA11y(page, 'sign-in with messages');

  // A wrong password: the toast, and the server's message under the field.
  await signInWithForm(page, { email: DEMO.email, password: 'not-my-password' });
  await expect(
    page.getByRole('status').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await expect(
    page.locator('[role=alert]', { hasText: 'Invalid email or password' }),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sign-in');

  // The right one: the success toast and my account.
  await signInWithForm(page, DEMO);
  await page.waitForURL('**/account');
  await expect(page.getByText('Log in successfully')).toBeVisible();
  await expectGreeting(page, 'demo-shopper');
});

test('each protected page sends a visitor without a valid session to sign in, and back', async ({
  page,
}) => {
  const expired = sessionJwt({ expiresInSeconds: -60 });
  const tokens = { none: null, malformed: 'not.a-token', expired } as const;
  const pages = [
    { path: '/account', title: 'My Account' },
    { path: '/account/address', title: 'Address List' },
    { path: '/account/setting', title: 'Change Account' },
  ];
  await page.goto('/');

  for (const { path, title } of pages) {
    for (const [kind, token] of Object.entries(tokens)) {
      await page.evaluate((value) => {
        window.sessionStorage.clear();
        if (value === null) window.localStorage.removeItem('token');
        else window.localStorage.setItem('token', value);
      }, token);
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('next'), `${path} with ${kind} token`).toBe(path);
      // A stored token that cannot be used is removed (spec §4).
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    }
    // Signing in brings me back where I was going.
    await signInWithForm(page, DEMO);
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
  }

  // A "next" pointing to another site is ignored: sign-in goes to the account instead.
  await page.goto('/sign-in?next=//evil.example/steal');
  await signInWithForm(page, DEMO);
  await page.waitForURL((url) => url.pathname === '/account');
});

// Sign-in through the OpenID provider: oidc.e2e.ts.

test('a guest cart joins the cart the shopper already had when signing in', async ({
  page,
  app,
}) => {
  const shopper = newShopper('merger');
  const token = await registerThroughApi(app, shopper);
  const [first, second, mine] = (await buyableProductIds(app, 3)) as [number, number, number];
  // Earlier, signed in elsewhere, I had put one product in my cart.
  await addToUserCart(app, token, mine, 1);

  // As a guest I add two products.
  await openOrigin(page);
  await addToCart(page, first, 2);
  await addToCart(page, second, 1);
  await page.goto('/');
  await expect(page.getByTestId('order-button')).toHaveAttribute(
    'aria-label',
    'Order, 3 items in cart',
  );

  // I sign in: the cart now holds both of my guest lines and the one I had.
  await page.goto('/sign-in');
  await signInWithForm(page, shopper);
  await page.waitForURL('**/account');
  await expect(page.getByTestId('order-button')).toHaveAttribute(
    'aria-label',
    'Order, 4 items in cart',
  );
  const cart = await userCart(app, token);
  expect(
    cart.cartItems.map((line) => [line.productId, line.quantity]).sort((a, b) => a[0]! - b[0]!),
  ).toEqual(
    [
      [first, 2],
      [second, 1],
      [mine, 1],
    ].sort((a, b) => a[0]! - b[0]!),
  );

  // Signing out shows a guest's (empty) cart, never mine.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/sign-in');
  await expect(page.getByTestId('order-button')).toHaveAttribute(
    'aria-label',
    'Order, 0 items in cart',
  );
});

test('signing in and out in one tab signs the other tab in and out', async ({ page }) => {
  // Two tabs of the shop are open.
  const second = await page.context().newPage();
  await second.goto('/menu');
  await page.goto('/sign-in');

  // I sign in in the first one, without "Remember me": the second follows at once.
  await signInWithForm(page, { ...DEMO, remember: false });
  await page.waitForURL('**/account');
  await expectGreeting(second, 'demo-shopper');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // A tab I open now asks the open ones, and is signed in too, even on a protected page.
  const third = await page.context().newPage();
  await third.goto('/account/address');
  await expect(third.getByRole('heading', { level: 1 })).toHaveText('Address List');
  await expectGreeting(third, 'demo-shopper');

  // I log out in the first: the second is signed out too.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/sign-in');
  await expect(
    second.getByRole('link', { name: 'Sign In', exact: true }).filter({ visible: true }),
  ).toBeVisible();
  expect(await second.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
  await third.waitForURL((url) => url.pathname === '/sign-in');
  await third.close();
  await second.close();
});

test('a remembered session follows the shopper across tabs; logging out ends it everywhere', async ({
  page,
  app,
}) => {
  const shopper = newShopper('tabs');
  await registerThroughApi(app, shopper);
  await page.goto('/sign-in');
  await signInWithForm(page, { ...shopper, remember: true });
  await page.waitForURL('**/account');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull();

  const second = await page.context().newPage();
  await second.goto('/account/setting');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Change Account');
  await expectGreeting(second, shopper.username);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/sign-in');

  // The other tab was on a protected page: it goes to sign-in, ready to come back.
  await second.waitForURL((url) => url.pathname === '/sign-in');
  expect(new URL(second.url()).searchParams.get('next')).toBe('/account/setting');
  await second.close();
});

test('a token stored for an expired session is dropped on arrival', async ({ page }) => {
  await openOrigin(page);
  await storeToken(page, sessionJwt({ expiresInSeconds: -1 }));
  await page.goto('/');
  await expect(
    page.getByRole('link', { name: 'Sign In', exact: true }).filter({ visible: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test('a token the API no longer accepts signs the shopper out, with a message', async ({
  page,
  expectedHttpErrors,
}) => {
  // Readable and unexpired, but not signed by the API: every call with it answers 401.
  expectedHttpErrors.push(
    { status: 401, path: /^\/api\/v1\/cart$/ },
    { status: 401, path: /^\/api\/v1\/account\/user$/ },
    { status: 401, path: /^\/api\/v1\/account\/address$/ },
    { status: 401, path: /^\/api\/v1\/account\/orders$/ },
  );
  await openOrigin(page);
  await storeToken(page, sessionJwt({ expiresInSeconds: 3600 }));

  await page.goto('/account');

  await page.waitForURL((url) => url.pathname === '/sign-in');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('next')).toBe('/account');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test('after five wrong passwords, sign-in is refused for a while, and says until when', async ({
  app,
  page,
  expectedHttpErrors,
}) => {
  // The wrong passwords answer 401, the attempt after them 429: both on purpose.
  expectedHttpErrors.push(
    { status: 401, path: /^\/api\/v1\/auth\/login$/ },
    { status: 429, path: /^\/api\/v1\/auth\/login$/ },
  );
  const shopper = newShopper('forgetful');
  await registerThroughApi(app, shopper);
  await page.goto('/sign-in');

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signInWithForm(page, { email: shopper.email, password: `wrong-guess-${attempt}` });
    await expect(
      page.locator('[role=alert]', { hasText: 'Invalid email or password' }),
    ).toBeVisible();
  }

  // Even the right password waits now; the page says how long, in a toast and above the form.
  await signInWithForm(page, shopper);
  // The first wait past the allowance is 30 seconds (it doubles with each further failure).
  const message = /^Too many sign-in attempts\. Please try again in \d+ seconds\.$/;
  await expect(page.getByTestId('sign-in-throttled')).toHaveText(message);
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sign-in');
  await expectA11y(page, 'sign-in throttled');
});

test('a session ends by itself when its token expires, with a message', async ({ app, page }) => {
  const shopper = newShopper('timed');
  const token = await registerThroughApi(app, shopper);
  const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    exp: number;
  };
  // The page's clock is ours to move; the API keeps real time, so the token stays good there.
  await page.clock.install();
  await openOrigin(page);
  await storeToken(page, token);
  await page.goto('/');
  await expectGreeting(page, shopper.username);

  // A second before `exp` the shopper is still signed in; at `exp` the session ends.
  const untilExpiry = exp * 1000 - (await page.evaluate(() => Date.now()));
  await page.clock.fastForward(untilExpiry - 1000);
  await expectGreeting(page, shopper.username);
  await page.clock.fastForward(1000);

  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Sign In', exact: true }).filter({ visible: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
