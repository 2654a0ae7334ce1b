import { mutationOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-error';
import { apiOf, type ApiClient } from './client';
import {
  addCartItem,
  applyCartPromo,
  applyCartPromoCode,
  clearCartPromo,
  clearCartShipping,
  mergeGuestCart,
  removeCartItem,
  setCartShipping,
  updateCartItem,
} from './cart';
import { cartKeys } from './cart.queries';
import type { AddCartItemRequest, Cart, Id } from './types';

/**
 * The one mutation key every cart write carries (as its prefix), so
 * `useIsMutating({ mutationKey: cartMutationKey })` tells when the cart is changing.
 */
export const cartMutationKey = [...cartKeys.all, 'mutation'] as const;

/**
 * Every cart write answers the full Cart: put it straight into the cache (no refetch) and let
 * the promo lists, which depend on the cart's content, refetch. The mutations below call it;
 * exported for checkout, whose shipping writes do not go through `setShipping` /
 * `clearShipping` yet (they should: then the busy state counts them).
 */
export function writeCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartKeys.detail(), cart);
  void queryClient.invalidateQueries({ queryKey: cartKeys.promos() });
}

/**
 * The cache write lives in the options' own `onSuccess`, so a caller reacts to an answer with
 * `mutate(variables, { onSuccess, onError })` and never replaces it (spreading these options and
 * overriding `onSuccess` would skip the write). `write` gets the API client of the QueryClient
 * the mutation runs in (TanStack passes it in the mutation function's context).
 */
function cartMutation<TVariables>(
  queryClient: QueryClient,
  name: string,
  write: (api: ApiClient, variables: TVariables) => Promise<Cart>,
) {
  return mutationOptions<Cart, ApiError, TVariables>({
    mutationKey: [...cartMutationKey, name],
    mutationFn: (variables, { client }) => write(apiOf(client), variables),
    onSuccess: (cart) => writeCart(queryClient, cart),
  });
}

/**
 * Mutation options for every cart write, e.g. `useMutation(cartMutations(queryClient).addItem)`
 * then `mutate({ productId, quantity })`, or `new MutationObserver(queryClient, ...)` outside
 * React. Checkout's shipping choice belongs here too (`setShipping`, `clearShipping`).
 */
export function cartMutations(queryClient: QueryClient) {
  return {
    addItem: cartMutation(queryClient, 'addItem', (api, body: AddCartItemRequest) =>
      addCartItem(api, body),
    ),
    /**
     * One line's quantity (`mutate(quantity)`). In the line's own scope, so a change of that
     * line runs only after the one before it has answered (TanStack queues a scope's mutations).
     */
    updateItem: (cartItemId: Id) => ({
      ...cartMutation(queryClient, 'updateItem', (api, quantity: number) =>
        updateCartItem(api, cartItemId, { quantity }),
      ),
      scope: { id: `cart-line-${cartItemId}` },
    }),
    removeItem: cartMutation(queryClient, 'removeItem', (api, cartItemId: Id) =>
      removeCartItem(api, cartItemId),
    ),
    setShipping: cartMutation(queryClient, 'setShipping', (api, methodId: Id) =>
      setCartShipping(api, methodId),
    ),
    clearShipping: cartMutation(queryClient, 'clearShipping', (api) => clearCartShipping(api)),
    applyPromo: cartMutation(queryClient, 'applyPromo', (api, promoId: Id) =>
      applyCartPromo(api, promoId),
    ),
    applyPromoCode: cartMutation(queryClient, 'applyPromoCode', (api, code: string) =>
      applyCartPromoCode(api, { code }),
    ),
    clearPromo: cartMutation(queryClient, 'clearPromo', (api) => clearCartPromo(api)),
    mergeGuest: cartMutation(queryClient, 'mergeGuest', (api) => mergeGuestCart(api)),
  };
}
