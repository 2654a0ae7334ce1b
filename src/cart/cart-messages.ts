import { isApiError } from '../api/api-error';

/** Spec §2 empty cart text. */
export const EMPTY_CART_TEXT = 'There is nothing in the cart, please order and come back';

/** What the shopper reads when the server refuses a cart change: its own reason when it has one. */
export function cartMutationFailure(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'The cart could not be updated. Please try again.';
}
