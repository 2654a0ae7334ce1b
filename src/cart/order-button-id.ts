/**
 * The header's Order button. The cart drawer and the checkout overlay open from the cart flow
 * flag rather than from a trigger Radix knows about, so on close they hand focus back to it.
 */
export const ORDER_BUTTON_ID = 'order-button';

export function focusOrderButton(): void {
  document.getElementById(ORDER_BUTTON_ID)?.focus();
}
