/** The checkout overlay (issue 7): shown while the cart flow's view is 'checkout'. */
export function CheckoutOverlay() {
  return null;
}
