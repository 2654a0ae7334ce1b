/** "$5.00", "$3.99": the storefront shows dollars with two decimals (spec §9). */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
