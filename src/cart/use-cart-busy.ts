import { useIsMutating } from '@tanstack/react-query';
import { cartMutationKey } from '../api/cart.mutations';

/** True while any cart change (quantity, removal, promo, shipping) waits for the server. */
export function useCartBusy(): boolean {
  return useIsMutating({ mutationKey: cartMutationKey }) > 0;
}
