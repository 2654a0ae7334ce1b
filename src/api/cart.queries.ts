import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-error';
import {
  addCartItem,
  applyCartPromo,
  applyCartPromoCode,
  clearCart,
  clearCartPromo,
  clearCartShipping,
  getCart,
  listCartPromos,
  mergeGuestCart,
  removeCartItem,
  setCartShipping,
  updateCartItem,
} from './cart';
import type { AddCartItemRequest, Cart, Id } from './types';

const CART_STALE_MS = 30_000;

export const cartKeys = {
  all: ['cart'] as const,
  detail: () => [...cartKeys.all, 'detail'] as const,
  promos: () => [...cartKeys.all, 'promos'] as const,
  /** Shared by every cart mutation, so `useIsMutating({ mutationKey: cartKeys.mutations() })` tells when the cart is changing. */
  mutations: () => [...cartKeys.all, 'mutation'] as const,
};

export const cartQueries = {
  /** The caller's cart (guest or signed-in). */
  detail: () =>
    queryOptions({
      queryKey: cartKeys.detail(),
      queryFn: ({ signal }) => getCart({ signal }),
      staleTime: CART_STALE_MS,
    }),
  promos: () =>
    queryOptions({
      queryKey: cartKeys.promos(),
      queryFn: ({ signal }) => listCartPromos({ signal }),
      staleTime: CART_STALE_MS,
    }),
};

/**
 * Every cart mutation answers the full Cart: write it straight into the cache (no refetch) and
 * let the promo lists, which depend on the cart's content, refetch.
 */
export function writeCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(cartKeys.detail(), cart);
  void queryClient.invalidateQueries({ queryKey: cartKeys.promos() });
}

function cartMutation<TVariables>(
  queryClient: QueryClient,
  name: string,
  mutationFn: (variables: TVariables) => Promise<Cart>,
) {
  return mutationOptions<Cart, ApiError, TVariables>({
    mutationKey: [...cartKeys.mutations(), name],
    mutationFn,
    onSuccess: (cart) => writeCart(queryClient, cart),
  });
}

/**
 * Mutation options for every cart change, e.g.
 * `useMutation(cartMutations(queryClient).addItem)` then `mutate({ productId, quantity })`.
 */
export function cartMutations(queryClient: QueryClient) {
  return {
    addItem: cartMutation(queryClient, 'addItem', (body: AddCartItemRequest) => addCartItem(body)),
    updateItem: cartMutation(
      queryClient,
      'updateItem',
      ({ cartItemId, quantity }: { cartItemId: Id; quantity: number }) =>
        updateCartItem(cartItemId, { quantity }),
    ),
    removeItem: cartMutation(queryClient, 'removeItem', (cartItemId: Id) =>
      removeCartItem(cartItemId),
    ),
    setShipping: cartMutation(queryClient, 'setShipping', (methodId: Id) =>
      setCartShipping(methodId),
    ),
    clearShipping: cartMutation(queryClient, 'clearShipping', () => clearCartShipping()),
    applyPromo: cartMutation(queryClient, 'applyPromo', (promoId: Id) => applyCartPromo(promoId)),
    applyPromoCode: cartMutation(queryClient, 'applyPromoCode', (code: string) =>
      applyCartPromoCode({ code }),
    ),
    clearPromo: cartMutation(queryClient, 'clearPromo', () => clearCartPromo()),
    clear: cartMutation(queryClient, 'clear', () => clearCart()),
    mergeGuest: cartMutation(queryClient, 'mergeGuest', () => mergeGuestCart()),
  };
}
