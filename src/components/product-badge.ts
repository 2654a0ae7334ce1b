export type ProductBadge = { kind: 'outOfStock' } | { kind: 'sale'; percent: number };

type BadgeInput = { price: number; oldPrice: number | null; quantity: number };

/**
 * Spec §4 "Product badge": out of stock when quantity <= 0; otherwise a sale when
 * oldPrice > price, with round((oldPrice - price) / oldPrice * 100) percent.
 */
export function productBadge({ price, oldPrice, quantity }: BadgeInput): ProductBadge | null {
  if (quantity <= 0) return { kind: 'outOfStock' };
  if (oldPrice !== null && oldPrice > price) {
    return { kind: 'sale', percent: Math.round(((oldPrice - price) / oldPrice) * 100) };
  }
  return null;
}
