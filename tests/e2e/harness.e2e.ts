// The harness's own promises (support/fixtures.ts, support/axe.ts): each would fail a journey in
// the case it names, and the journeys rely on that.
import { expectA11y } from './support/axe';
import { openOrigin } from './support/cart';
import { expect, test } from './support/fixtures';

// The error watch is the context's, whatever the page: the tests of the watch open a blank page
// of the shop's origin, not a storefront page (each would cost a render and a hydration).

test('expectA11y judges the theme’s final colours, never a fade', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A note whose text colour follows the theme after a 5 s fade (a toast or a button does the
  // same in 0.15 to 0.4 s): in dark, its text stays dark grey on black until the fade is over.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent =
      '.probe { color: #222; background: #fff; transition: color 5s steps(1, end); }' +
      '.dark .probe { color: #fff; background: #000; }';
    document.head.append(style);
    const note = document.createElement('p');
    note.className = 'probe';
    // Exempt from the reduced-motion rule (src/index.css) the journeys run under, so it fades.
    note.dataset.motion = 'essential';
    note.textContent = 'A note that fades with the theme';
    document.body.prepend(note);
  });
  // Light (checked first) is dark grey on white; dark is white on black, as after the fade.
  await expectA11y(page, 'a note fading with the theme');
});

test('a console error fails the test', async ({ page }) => {
  test.fail(true, 'the error watch must fail this test');
  await openOrigin(page);
  const logged = page.waitForEvent('console', (message) => message.type() === 'error');
  await page.evaluate(() => console.error('something broke'));
  await logged;
});

test('an uncaught error in a second tab fails the test', async ({ page }) => {
  test.fail(true, 'the error watch covers every page of the context');
  const second = await page.context().newPage();
  await openOrigin(second);
  const thrown = page.context().waitForEvent('weberror');
  await second.evaluate(() => {
    setTimeout(() => {
      throw new Error('uncaught');
    }, 0);
  });
  await thrown;
});

test('a failed answer fails the test unless it was declared', async ({ page }) => {
  test.fail(true, 'an undeclared 404 is a defect');
  await openOrigin(page);
  const logged = page.waitForEvent('console', (message) => message.type() === 'error');
  await page.evaluate(() => fetch('/api/v1/products/detail/999'));
  await logged;
});

test('a declared failed answer does not', async ({ page, expectedHttpErrors }) => {
  expectedHttpErrors.push({ status: 404, path: /^\/api\/v1\/products\/detail\/999$/ });
  await openOrigin(page);
  const logged = page.waitForEvent('console', (message) => message.type() === 'error');
  const status = await page.evaluate(
    async () => (await fetch('/api/v1/products/detail/999')).status,
  );
  expect(status).toBe(404);
  await logged; // Chromium logged it; the watch lets it pass
});
