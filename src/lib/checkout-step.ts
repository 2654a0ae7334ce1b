/**
 * The checkout's step in the address (ADR-0057). The checkout opens over whatever page the
 * shopper is on (spec §2: not a route), so its step is a query parameter of that page's address:
 * `/menu?step=shipping`. Browser Back and Forward then move between the steps, a reload keeps
 * the step, and an address without it has the checkout closed.
 */
const CHECKOUT_STEP_PARAM = 'step';

/** The steps as the address names them, in order. */
export type CheckoutStepName = 'details' | 'shipping' | 'payment';

const NAMES: readonly string[] = ['details', 'shipping', 'payment'] satisfies CheckoutStepName[];

/** The step an address's query string names; an unknown name is step 0; none, null. */
export function checkoutStepIn(search: string): CheckoutStepName | null {
  const value = new URLSearchParams(search).get(CHECKOUT_STEP_PARAM);
  if (value === null) return null;
  return NAMES.includes(value) ? (value as CheckoutStepName) : 'details';
}

/** The address `path?search` with the checkout on `step`, or without the checkout (null). */
export function withCheckoutStep(
  path: string,
  search: string,
  step: CheckoutStepName | null,
): string {
  const params = new URLSearchParams(search);
  if (step) params.set(CHECKOUT_STEP_PARAM, step);
  else params.delete(CHECKOUT_STEP_PARAM);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
