/** US dollars with two decimals (spec §9: currency USD). One instance: building one is costly. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Every price the shop shows: "$5.00", "$3.99", "$1,250.00", and a negative amount as "-$2.50"
 * (a discount line), never "$-2.50". Amounts come from the server's answers (D4).
 */
export function formatPrice(amount: number): string {
  return usd.format(amount);
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
