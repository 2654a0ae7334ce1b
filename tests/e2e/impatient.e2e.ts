// Journeys that start on a rendered page, tapped like an impatient shopper on a phone (issue 27,
// ADR-0060): the phone profile (390x844 with touch, 4x CPU, slow 4G) and no wait for the page to
// hydrate. Each control is tapped as soon as it shows, usually before the app's scripts have run;
// the tap must take effect either way (a link the server understands, or a tap held by the page's
// capture script and replayed once the app runs), and a held tap shows its pending state at once.
import type { Locator, Page } from '@playwright/test';
import { addToCart, serverCart } from './support/cart';
import { expect, test } from './support/fixtures';

// cartWith opens robots.txt, for which the browser also asks a /favicon.ico the shop does not have.
test.use({ impatient: true, expectedHttpErrors: [{ status: 404, path: /^\/favicon\.ico$/ }] });

// A shopper taps once the control shows, not once the page has loaded: `goto` returns as the page
// starts to arrive (its default waits for the load event, by which time the app's scripts have run
// and there is no tap to hold), and each tap waits only for its control to show.
const AT_FIRST_BYTES = { waitUntil: 'commit' } as const;

// Seed (server/src/seed-catalogue.ts): cappucino, $5, 28 in stock.
const CAPPUCINO = 3;
const PRODUCT_PAGE = `/menu/detail/${CAPPUCINO}`;

const quantity = (page: Page) => page.getByTestId('quantity-value');
const plus = (page: Page) => page.getByRole('button', { name: 'Increase quantity' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Add To Cart' });
const addedDialog = (page: Page) =>
  page.getByRole('dialog', { name: /^Successfully! Product .* added to the cart!$/ });

/**
 * A tap, then what the shopper saw at once: the control pending (held until the app runs, or busy
 * once the app has taken it: `aria-busy` with its spinner) or its effect already there. Read in
 * the turn after the tap's click, so a tap that did nothing visible fails here, not at a later
 * wait. The pending or busy look is recorded as it appears: the app may run and replay the tap,
 * or finish it, and clear that look before this side reads the page.
 */
async function tapWithFeedback(control: Locator, effect: () => Promise<boolean>): Promise<void> {
  // The element itself: once a dialog opens, the page behind it leaves the accessibility tree.
  const element = await control.elementHandle();
  await element?.evaluate((button) => {
    const watched = button as HTMLElement & { sawPending?: boolean; clicked?: Promise<void> };
    // The click the touch becomes, seen before anything of the page's (the window, capturing).
    // The browser makes it once the page has answered the touch, which on a busy page can be
    // after `tap()` has returned: the tap's answer is read once it has come.
    watched.clicked = new Promise<void>((resolve) => {
      window.addEventListener(
        'click',
        (event) => {
          if (event.target instanceof Node && watched.contains(event.target)) resolve();
        },
        true,
      );
    });
    const pendingValue = (name: string | null, value: string | null) =>
      name === 'data-pending' ? value !== null : value === 'true';
    watched.sawPending = false;
    // Each change with the value before it: a look set and cleared in one task still counts.
    new MutationObserver((changes) => {
      for (const { attributeName, oldValue } of changes) {
        const now = attributeName ? watched.getAttribute(attributeName) : null;
        if (pendingValue(attributeName, oldValue) || pendingValue(attributeName, now)) {
          watched.sawPending = true;
        }
      }
    }).observe(watched, {
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['data-pending', 'aria-busy'],
    });
  });
  await control.tap();
  await element?.evaluate(
    (button) => (button as HTMLElement & { clicked?: Promise<void> }).clicked,
  );
  const pending = await element?.evaluate(
    (button) => (button as HTMLElement & { sawPending?: boolean }).sawPending === true,
  );
  expect(pending || (await effect()), 'the tap showed nothing: neither pending nor done').toBe(
    true,
  );
}

/**
 * A guest cart with `count` cappucinos, put in from a file of the shop's origin that is not the app
 * (the token goes to its local storage): the page the journey opens next is the first to load.
 */
async function cartWith(page: Page, count: number): Promise<void> {
  await page.goto('/robots.txt');
  await addToCart(page, CAPPUCINO, count);
}

/** Holds the page's requests for `files` until the returned function lets them go. */
async function holdRequests(page: Page, files: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(files, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const showsQuantity = (page: Page, value: number) => async () =>
  (await quantity(page).textContent())?.includes(String(value)) ?? false;

test('product page: "+" three times and Add To Cart, tapped at once, put 4 in the cart', async ({
  page,
}) => {
  await page.goto(PRODUCT_PAGE, AT_FIRST_BYTES);
  await tapWithFeedback(plus(page), showsQuantity(page, 2));
  await tapWithFeedback(plus(page), showsQuantity(page, 3));
  await tapWithFeedback(plus(page), showsQuantity(page, 4));
  await tapWithFeedback(addButton(page), async () => addedDialog(page).isVisible());

  await expect(addedDialog(page)).toBeVisible();
  await expect(quantity(page)).toContainText('4');
  expect((await serverCart(page)).totalQuantity).toBe(4);
  await expect(page.getByTestId('order-count')).toHaveText('4');
  // The held taps were replayed: none is left pending.
  await expect(page.locator('[data-pending]')).toHaveCount(0);
});

test('product page, its scripts held back: each touch shows pending at once, a touch that scrolls takes it back, and every tap counts once the app runs', async ({
  page,
}) => {
  // Surely before hydration: the app's scripts wait until the taps are done (a phone on a slow
  // network, where the page shows long before its scripts arrive).
  const release = await holdRequests(page, '**/assets/*.js');
  // Add To Cart's request too, to see the busy state the app gives the replayed tap.
  const releaseAdd = await holdRequests(page, '**/api/v1/cart/items');
  await page.goto(PRODUCT_PAGE, AT_FIRST_BYTES);
  for (let tap = 0; tap < 3; tap += 1) {
    await plus(page).tap();
    // Pending to the eye and busy to a screen reader, as every pending button of the shop.
    await expect(plus(page)).toHaveAttribute('data-pending', '');
    await expect(plus(page)).toHaveAttribute('aria-busy', 'true');
  }
  await expect(quantity(page)).toContainText('1');
  // A finger that lands on Add To Cart and then scrolls the page: pending at the touch, then not.
  await addButton(page).dispatchEvent('pointerdown', { button: 0, pointerType: 'touch' });
  await expect(addButton(page)).toHaveAttribute('data-pending', '');
  await expect(addButton(page)).toHaveAttribute('aria-busy', 'true');
  await addButton(page).dispatchEvent('pointercancel', { pointerType: 'touch' });
  await expect(addButton(page)).not.toHaveAttribute('data-pending');
  await expect(addButton(page)).not.toHaveAttribute('aria-busy');
  await expect(plus(page)).toHaveAttribute('data-pending', '');
  await expect(plus(page)).toHaveAttribute('aria-busy', 'true');
  await addButton(page).tap();
  await expect(addButton(page)).toHaveAttribute('data-pending', '');
  await expect(addButton(page)).toHaveAttribute('aria-busy', 'true');

  release();
  // The taps replayed: "+" done and no longer busy; Add To Cart busy now with its own request, the
  // app's, which the end of the replay leaves alone.
  await expect(quantity(page)).toContainText('4');
  await expect(page.locator('[data-pending]')).toHaveCount(0);
  await expect(plus(page)).not.toHaveAttribute('aria-busy');
  await expect(addButton(page)).toHaveAttribute('aria-busy', 'true');
  releaseAdd();
  await expect(addedDialog(page)).toBeVisible();
  expect((await serverCart(page)).totalQuantity).toBe(4);
  await expect(page.locator('button[aria-busy]')).toHaveCount(0);
});

test('product page: a held tap reaches nothing of the app, so a tap during the hydration does not make React finish it in one long task', async ({
  page,
}) => {
  // React listens on #root. Handed a touch, a press or a key on a part it has not hydrated yet, it
  // finishes the whole hydration in that event's task (100 to 250 ms on the phone profile) before
  // the held tap's pending look can paint. The capture script keeps every such event of a held
  // control from #root until the page is hydrated; the click is replayed then, as before.
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto(PRODUCT_PAGE, AT_FIRST_BYTES);
  await plus(page).waitFor();
  const events = [
    'pointerdown',
    'pointerup',
    'pointercancel',
    'mousedown',
    'mouseup',
    'touchstart',
    'touchend',
    'touchcancel',
    'keydown',
    'keyup',
    'click',
  ];
  await page.evaluate((names) => {
    const root = document.getElementById('root')!;
    const seen: string[] = [];
    (window as unknown as { seenAtRoot: string[] }).seenAtRoot = seen;
    for (const name of names) root.addEventListener(name, () => seen.push(name), true);
  }, events);
  await plus(page).tap();
  await plus(page).press('Enter');
  await addButton(page).dispatchEvent('pointerdown', { button: 0, pointerType: 'touch' });
  await addButton(page).dispatchEvent('pointercancel', { pointerType: 'touch' });
  await addButton(page).dispatchEvent('touchcancel');
  const seenAtRoot = () =>
    page.evaluate(() => (window as unknown as { seenAtRoot: string[] }).seenAtRoot);
  expect(await seenAtRoot()).toEqual([]);
  // A tap outside any control is the app's, as before.
  await page.getByRole('heading', { level: 1 }).dispatchEvent('pointerdown', { button: 0 });
  expect(await seenAtRoot()).toEqual(['pointerdown']);

  release();
  // The tap and the Enter, replayed once the app runs.
  await expect(quantity(page)).toContainText('3');
  await expect(page.locator('[data-pending]')).toHaveCount(0);
});

test('home page: a product tapped at once opens its page, where Add To Cart works at once', async ({
  page,
}) => {
  await page.goto('/', AT_FIRST_BYTES);
  const card = page.locator(`a[href="${PRODUCT_PAGE}"]`).first();
  await card.tap();
  await expect(page).toHaveURL(PRODUCT_PAGE);
  await tapWithFeedback(addButton(page), async () => addedDialog(page).isVisible());
  await expect(addedDialog(page)).toBeVisible();
  expect((await serverCart(page)).totalQuantity).toBe(1);
});

test('header Order, tapped at once, shows the cart (the drawer, or the cart page before the app runs)', async ({
  page,
}) => {
  await cartWith(page, 2);
  await page.goto(PRODUCT_PAGE, AT_FIRST_BYTES);
  await page.getByTestId('order-button').tap();
  // Before the app runs the link opens the cart page; once it runs, the drawer opens over the page.
  const cart = page
    .getByRole('dialog', { name: 'My Cart' })
    .or(page.getByRole('heading', { level: 1, name: 'My Cart' }));
  await expect(cart).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('line-quantity')).toHaveText(/(^|\D)2$/);
});

for (const [path, rendered] of [
  [PRODUCT_PAGE, true],
  ['/sign-in', false],
] as const) {
  test(`header Order on ${path}, tapped once the app runs, looks pending until the drawer has come`, async ({
    page,
  }) => {
    await cartWith(page, 1);
    // The drawer's chunk comes the first time it opens: held here, as a slow line holds it.
    const release = await holdRequests(page, '**/assets/cart-drawer-*.js');
    await page.goto(path, AT_FIRST_BYTES);
    // This tap is the one the app takes (before, a rendered page's Order is a link to the cart
    // page): on a rendered page it waits for the app, as the journey above does not. A page the
    // browser renders shows its Order button only once the app runs.
    if (rendered) await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    const order = page.getByTestId('order-button');
    const drawer = page.getByRole('dialog', { name: 'My Cart' });
    await tapWithFeedback(order, () => drawer.isVisible());
    await expect(order).toHaveAttribute('data-pending', '');
    await expect(order).toHaveAttribute('aria-busy', 'true');
    // The look of a held tap, not only the attribute: pressed and dimmed (still, under the
    // reduced motion the harness asks for). A rendered page has it from its inline style, a page
    // the browser renders from the app's own rule (panda.config.ts).
    await expect(order).toHaveCSS('transform', /^matrix\(0\.95, 0, 0, 0\.95/);
    await expect(order).toHaveCSS('opacity', '0.7');
    release();
    await expect(drawer).toBeVisible();
    await expect(order).not.toHaveAttribute('data-pending');
    await expect(order).not.toHaveAttribute('aria-busy');
  });
}

test('cart page: "+" then "−", tapped as soon as they show, follow each tap', async ({ page }) => {
  await cartWith(page, 2);
  await page.goto('/cart', AT_FIRST_BYTES);
  const line = page.getByTestId('cart-line');
  await line.getByRole('button', { name: /^Increase/ }).tap();
  await expect(line.getByTestId('line-quantity')).toHaveText(/(^|\D)3$/);
  await line.getByRole('button', { name: /^Decrease/ }).tap();
  await expect(line.getByTestId('line-quantity')).toHaveText(/(^|\D)2$/);
  await expect.poll(async () => (await serverCart(page)).totalQuantity).toBe(2);
});

test('checkout entry: from a product page, Order then Checkout, tapped at once, open the checkout', async ({
  page,
}) => {
  await cartWith(page, 1);
  await page.goto(PRODUCT_PAGE, AT_FIRST_BYTES);
  await page.getByTestId('order-button').tap();
  await page.getByRole('button', { name: 'Checkout', exact: true }).tap();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Checkout', exact: true }),
  ).toBeVisible();
});
