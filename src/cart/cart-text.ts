import type { Cart, CartItem } from '../api/types';
import { BRAND_NAME } from '../../contract/brand';
import { categoryLabel } from '../components/category-labels';

/** Spec §2: a cart line's name is shown in upper case. */
export function lineName(item: Pick<CartItem, 'productName'>): string {
  return item.productName.toUpperCase();
}

/** Spec §2: the brand name in upper case plus the category, e.g. "LUMEN ROASTERY · Food and Snack". */
export function lineSubtitle(item: Pick<CartItem, 'productCategory'>): string {
  return `${BRAND_NAME.toUpperCase()} · ${categoryLabel(item.productCategory)}`;
}

/**
 * An item line's price in the Order Items panel: spec §2 and §9 show it "followed by ,00", the
 * comma as decimal separator. Written from the amount's own cents, so a price with cents reads
 * "$3,99", never "$3.99,00" or a rounded "$4,00": the shopper is never shown another price.
 */
export function formatItemPrice(amount: number): string {
  const cents = Math.round(amount * 100);
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100)
    .toString()
    .padStart(2, '0');
  return `$${dollars},${rest}`;
}

/**
 * The struck-through amount beside a discounted total (spec §4 "Total display"; D9): what the
 * shopper would pay without the promo, the server's total plus the server's discount, so it is
 * never lower than the total beside it, shipping chosen or not. Added in whole cents so no float
 * error shows; the amount charged is always the server's `total`.
 */
export function amountBeforeDiscount(cart: Pick<Cart, 'total' | 'discount'>): number {
  return (Math.round(cart.total * 100) + Math.round(cart.discount * 100)) / 100;
}

/** Spec §4: the promo chip (and a discounted total) appear only when the discount is non-zero. */
export function hasDiscount(cart: Pick<Cart, 'discount' | 'promo'>): boolean {
  return cart.promo !== null && cart.discount > 0;
}
