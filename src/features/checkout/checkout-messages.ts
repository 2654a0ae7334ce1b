/** Spec §2 and §5 texts the checkout steps show. */
export const CHECKOUT_MESSAGES = {
  emptyCart: 'There is nothing to display, please order and come back.',
  shippingRequired: 'Please select a shipping method',
} as const;
