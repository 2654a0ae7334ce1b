// Every cart call answers the full Cart; the client middleware sends and remembers the guest's
// cart token, so these functions never deal with it.
import { unwrap } from './client';
import type { ApiClient, RequestOptions } from './client';
import type { AddCartItemRequest, Cart, CartPromos, Id } from './types';

export async function getCart(api: ApiClient, { signal }: RequestOptions = {}): Promise<Cart> {
  return unwrap(await api.GET('/api/v1/cart', { signal }));
}

/** Removes every line, the promo and the shipping choice. */
export async function clearCart(api: ApiClient, { signal }: RequestOptions = {}): Promise<Cart> {
  return unwrap(await api.DELETE('/api/v1/cart', { signal }));
}

/** Adds to an existing line; 409 OUT_OF_STOCK / PRODUCT_UNAVAILABLE when it cannot. */
export async function addCartItem(
  api: ApiClient,
  body: AddCartItemRequest,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(await api.POST('/api/v1/cart/items', { body, signal }));
}

export async function updateCartItem(
  api: ApiClient,
  cartItemId: Id,
  body: { quantity: number },
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(
    await api.PATCH('/api/v1/cart/items/{cartItemId}', {
      params: { path: { cartItemId } },
      body,
      signal,
    }),
  );
}

export async function removeCartItem(
  api: ApiClient,
  cartItemId: Id,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(
    await api.DELETE('/api/v1/cart/items/{cartItemId}', {
      params: { path: { cartItemId } },
      signal,
    }),
  );
}

export async function setCartShipping(
  api: ApiClient,
  methodId: Id,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(
    await api.PATCH('/api/v1/cart/shipping/{methodId}', {
      params: { path: { methodId } },
      signal,
    }),
  );
}

export async function clearCartShipping(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(await api.POST('/api/v1/cart/clearShip', { signal }));
}

/** A refused promo answers 400 PROMO_REJECTED with the reason as the message. */
export async function applyCartPromo(
  api: ApiClient,
  promoId: Id,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(
    await api.PATCH('/api/v1/cart/promo/{promoId}', {
      params: { path: { promoId } },
      signal,
    }),
  );
}

export async function applyCartPromoCode(
  api: ApiClient,
  body: { code: string },
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(await api.PATCH('/api/v1/cart/promo-code', { body, signal }));
}

export async function clearCartPromo(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(await api.DELETE('/api/v1/cart/promo', { signal }));
}

export async function listCartPromos(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<CartPromos> {
  return unwrap(await api.GET('/api/v1/cart/promos', { signal }));
}

/**
 * Right after sign-in or sign-up: folds the guest cart (sent by the middleware as X-Cart-Token)
 * into the user's cart. The middleware then forgets the guest token.
 */
export async function mergeGuestCart(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<Cart> {
  return unwrap(await api.POST('/api/v1/cart/merge', { signal }));
}
