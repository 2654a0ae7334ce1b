/** US dollars with two decimals (spec §9: currency USD). One instance: building one is costly. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Every price the shop shows: "$5.00", "$3.99", "$1,250.00", and a negative amount as "-$2.50"
 * (a discount line), never "$-2.50". Amounts come from the server's answers (D4).
 */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}
