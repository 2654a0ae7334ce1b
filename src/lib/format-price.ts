// Prices are written by hand, not with Intl.NumberFormat: the first Intl formatter a page builds
// starts the browser's ICU, 40 to 100 ms of main thread on this project's machine before 4x
// throttling, and every page showed a price in the task that runs the app's first script
// (ADR-0068). The output is what `Intl.NumberFormat('en-US', { style: 'currency', currency:
// 'USD' })` writes; format-price.test.ts holds the two side by side.

/** Cents of a non-negative amount, rounded half up on its shortest decimal form, as Intl does. */
function centsOf(amount: number): bigint {
  // The shortest form that reads back as the same double: 1.005 (stored as 1.00499…) is "1.005",
  // 10.204999999999984 stays itself. With an exponent only under 1e-6 (no cent) or from 1e21 on
  // (a whole number).
  const decimal = String(amount);
  if (decimal.includes('e')) return amount < 1 ? 0n : BigInt(amount) * 100n;
  const [whole = '0', fraction = ''] = decimal.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return Number(fraction[2] ?? '0') >= 5 ? cents + 1n : cents;
}

/** "1250" → "1,250". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Every price the shop shows: "$5.00", "$3.99", "$1,250.00", and a negative amount as "-$2.50"
 * (a discount line), never "$-2.50". Amounts come from the server's answers (D4). One difference
 * from Intl, on purpose: an amount that rounds to nothing is "$0.00", never "-$0.00".
 */
export function formatPrice(amount: number): string {
  if (!Number.isFinite(amount)) return `$${amount}`;
  const cents = centsOf(Math.abs(amount));
  const sign = amount < 0 && cents > 0n ? '-' : '';
  const dollars = groupThousands((cents / 100n).toString());
  return `${sign}$${dollars}.${(cents % 100n).toString().padStart(2, '0')}`;
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
