import { useIsMutating } from '@tanstack/react-query';
import { cartKeys } from '../api/cart.queries';

/** True while any cart change (quantity, removal, promo, shipping) waits for the server. */
export function useCartBusy(): boolean {
  return useIsMutating({ mutationKey: cartKeys.mutations() }) > 0;
}
