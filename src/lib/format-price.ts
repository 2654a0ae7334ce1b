// Prices are written by hand, not with Intl.NumberFormat: the first Intl formatter a page builds
// starts the browser's ICU, 37 to 105 ms of main thread on this project's machine before 4x
// throttling, and every page showed a price in the task that runs the app's first script
// (ADR-0068). The output is what `Intl.NumberFormat('en-US', { style: 'currency', currency:
// 'USD' })` writes; format-price.test.ts holds the two side by side.

/**
 * Every price the shop shows: "$5.00", "$3.99", "$1,250.00", and a negative amount as "-$2.50"
 * (a discount line), never "$-2.50". Amounts come from the server's answers (D4). Rounded half up
 * on the amount's shortest decimal form, as Intl does: 1.005 (stored as 1.00499…) is "$1.01". One
 * difference from Intl, on purpose: an amount that rounds to no cent is "$0.00", never "-$0.00".
 * Exact up to $90 trillion (whole cents in a double).
 */
export function formatPrice(amount: number): string {
  const [whole = '', fraction = ''] = String(Math.abs(amount)).split('.');
  // An exponent only under 1e-6 (no cent) or from 1e21 on, beyond any price.
  if (!/^\d+$/.test(whole)) return Math.abs(amount) < 1 ? '$0.00' : `$${amount}`;
  const cents =
    Number(whole + fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 && cents > 0 ? '-' : ''}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A discount line, wherever one is shown (cart, checkout, order confirmation, order history):
 * "−$8.00" with the true minus sign (U+2212), which screen readers say as "minus" where a hyphen
 * is often skipped. The amount may come as the saving (8) or as the signed change (-8); no
 * discount is "$0.00", never "−$0.00".
 */
export function formatDiscount(amount: number): string {
  const saving = Math.abs(amount);
  return Math.round(saving * 100) === 0 ? formatPrice(0) : `\u2212${formatPrice(saving)}`;
}
