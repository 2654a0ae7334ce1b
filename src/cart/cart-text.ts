import type { Cart, CartItem } from '../api/types';
import { BRAND_NAME } from '../../contract/brand';
import { categoryLabel } from '../components/category-labels';
import { formatPrice } from '../lib/format-price';

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

/** A cart change the cart's one live region says once the server has answered (issue 30). */
export type CartChange =
  | { kind: 'quantity'; cartItemId: number; productName: string }
  | { kind: 'removed'; productName: string }
  | { kind: 'promo'; message: string };

/**
 * The words for a change, from the server's cart after it: "Cappuccino, quantity 3. Total
 * $14.85". The quantity and the total are the server's, never the click's guess.
 */
export function cartChangeWords(
  change: CartChange,
  cart: Pick<Cart, 'cartItems' | 'total'>,
): string {
  const total = `Total ${formatPrice(cart.total)}`;
  if (change.kind === 'promo') return `${change.message}. ${total}`;
  const line =
    change.kind === 'quantity'
      ? cart.cartItems.find((item) => item.cartItemId === change.cartItemId)
      : undefined;
  // The server keeps names in lower case ("cappucino"); a sentence starts with a capital.
  const name = change.productName.charAt(0).toUpperCase() + change.productName.slice(1);
  if (!line) return `${name} removed from the cart. ${total}`;
  return `${name}, quantity ${line.quantity}. ${total}`;
}
