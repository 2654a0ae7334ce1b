/** The cart drawer (issue 6): shown while the cart flow's view is 'cart'. */
export function CartDrawer() {
  return null;
}
