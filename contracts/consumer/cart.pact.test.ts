import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
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
} from '../../src/api/cart';
import {
  EXAMPLE_CART_TOKEN,
  EXAMPLE_JWT,
  bearer,
  createPact,
  guestCartHeader,
  jsonRequest,
  useApi,
} from './pact-harness';
import {
  cart,
  errorBody,
  guestCartToken,
  money,
  promo,
  promoLists,
  promoValidation,
  shipMethod,
} from './response-shapes';

const { fromProviderState, integer, nullValue } = MatchersV3;
const contract = createPact('cart');
const DEMO = 'a user demo@lumen.test exists with password coffee123';
const USER_CART = 'the user has a cart with product 3';
const GUEST_CART = 'a guest cart with product 3 exists';

const emptyCart = (overrides: Record<string, unknown> = {}) =>
  cart({
    cartItems: [],
    subtotal: money(0),
    tax: money(0),
    total: money(0),
    totalQuantity: integer(0),
    ...overrides,
  });

describe('cart contract: signed-in user', () => {
  it("reads the user's cart", async () => {
    await contract
      .interaction("a request for the user's cart")
      .given(USER_CART)
      .withRequest('GET', '/api/v1/cart', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(cart()))
      .executeTest(async (mock) => {
        const { api, setCartToken } = useApi(mock, { token: EXAMPLE_JWT });
        const current = await getCart(api);
        expect(current.cartItems[0]?.productId).toBe(3);
        // A user's cart answers cartToken null; that must not wipe a guest token.
        expect(setCartToken).not.toHaveBeenCalled();
      });
  });

  it('adds product 3 to the cart', async () => {
    await contract
      .interaction('a request to add product 3 to the user cart')
      .given(DEMO)
      .withRequest('POST', '/api/v1/cart/items', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ productId: 3, quantity: integer(1) }),
      )
      .willRespondWith(200, (res) => res.jsonBody(cart()))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await addCartItem(api, { productId: 3, quantity: 1 });
        expect(updated.totalQuantity).toBe(1);
      });
  });

  it("changes a line's quantity", async () => {
    await contract
      .interaction('a request to set a cart line to 2')
      .given(USER_CART)
      .withRequest(
        'PATCH',
        fromProviderState('/api/v1/cart/items/${cartItemId}', '/api/v1/cart/items/1'),
        (req) => req.headers({ ...bearer, ...jsonRequest }).jsonBody({ quantity: 2 }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(cart({ totalQuantity: integer(2), subtotal: money(10) })),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await updateCartItem(api, 1, { quantity: 2 });
        expect(updated.totalQuantity).toBe(2);
      });
  });

  it('removes a line', async () => {
    await contract
      .interaction('a request to remove a cart line')
      .given(USER_CART)
      .withRequest(
        'DELETE',
        fromProviderState('/api/v1/cart/items/${cartItemId}', '/api/v1/cart/items/1'),
        (req) => req.headers(bearer),
      )
      .willRespondWith(200, (res) => res.jsonBody(emptyCart()))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await removeCartItem(api, 1);
        expect(updated.cartItems).toEqual([]);
      });
  });

  it('empties the cart', async () => {
    await contract
      .interaction('a request to empty the cart')
      .given(USER_CART)
      .withRequest('DELETE', '/api/v1/cart', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(emptyCart()))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await clearCart(api);
        expect(updated.totalQuantity).toBe(0);
      });
  });

  it('chooses shipping method 2', async () => {
    await contract
      .interaction('a request to ship the cart with method 2')
      .given(USER_CART)
      .withRequest('PATCH', '/api/v1/cart/shipping/2', (req) => req.headers(bearer))
      .willRespondWith(200, (res) =>
        res.jsonBody(cart({ shipMethod, shipping: money(3.99), total: money(9.49) })),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await setCartShipping(api, 2);
        expect(updated.shipMethod?.methodId).toBe(2);
      });
  });

  it('forgets the shipping choice', async () => {
    await contract
      .interaction('a request to clear the shipping choice')
      .given('the user has a cart with product 3 shipped with method 2')
      .withRequest('POST', '/api/v1/cart/clearShip', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(cart({ shipMethod: nullValue(), shipping: 0 })))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await clearCartShipping(api);
        expect(updated.shipMethod).toBeNull();
        expect(updated.shipping).toBe(0);
      });
  });

  it('applies promo 3 by id', async () => {
    await contract
      .interaction('a request to apply promo 3')
      .given(USER_CART)
      .withRequest('PATCH', '/api/v1/cart/promo/3', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(cart({ promo, promoValidation })))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await applyCartPromo(api, 3);
        expect(updated.promo?.code).toBe('FREESHIP2');
        expect(updated.promoValidation?.accepted).toBe(true);
      });
  });

  it('applies a promo by its code', async () => {
    await contract
      .interaction('a request to apply the code FREESHIP2')
      .given(USER_CART)
      .withRequest('PATCH', '/api/v1/cart/promo-code', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ code: 'FREESHIP2' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(cart({ promo, promoValidation })))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await applyCartPromoCode(api, { code: 'FREESHIP2' });
        expect(updated.promo?.promoId).toBe(3);
      });
  });

  it('refuses an unknown promo code with the reason', async () => {
    await contract
      .interaction('a request to apply an unknown promo code')
      .given(USER_CART)
      .withRequest('PATCH', '/api/v1/cart/promo-code', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ code: 'NOSUCHCODE' }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody(errorBody(400, 'PROMO_REJECTED', 'Promo code is invalid')),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const error = await applyCartPromoCode(api, { code: 'NOSUCHCODE' }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).isPromoRejected).toBe(true);
        expect((error as ApiError).message).toBe('Promo code is invalid');
      });
  });

  it('removes the promo', async () => {
    await contract
      .interaction('a request to remove the promo')
      .given('the user has a cart with product 3 and promo FREESHIP2')
      .withRequest('DELETE', '/api/v1/cart/promo', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(cart()))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await clearCartPromo(api);
        expect(updated.promo).toBeNull();
      });
  });

  it('lists the promos for what is in the cart', async () => {
    await contract
      .interaction("a request for the cart's promos")
      .given(USER_CART)
      .withRequest('GET', '/api/v1/cart/promos', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(promoLists))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const promos = await listCartPromos(api);
        expect(promos.availablePromos[0]?.code).toBe('FREESHIP2');
      });
  });

  it('merges the guest cart into the user cart after sign-in', async () => {
    await contract
      .interaction('a request to merge the guest cart into the user cart')
      .given('a guest cart with product 3 exists and the user demo@lumen.test has no cart')
      .withRequest('POST', '/api/v1/cart/merge', (req) =>
        req.headers({ ...bearer, ...guestCartHeader }),
      )
      .willRespondWith(200, (res) => res.jsonBody(cart()))
      .executeTest(async (mock) => {
        const { api, setCartToken } = useApi(mock, {
          token: EXAMPLE_JWT,
          cartToken: EXAMPLE_CART_TOKEN,
        });
        const merged = await mergeGuestCart(api);
        expect(merged.cartItems[0]?.productId).toBe(3);
        // The guest cart is gone; the client forgets its token.
        expect(setCartToken).toHaveBeenCalledWith(null);
      });
  });
});

describe('cart contract: guest', () => {
  it('reads an empty cart before the first add', async () => {
    await contract
      .interaction('a request for the cart from a visitor without one')
      .withRequest('GET', '/api/v1/cart')
      .willRespondWith(200, (res) =>
        res.jsonBody(emptyCart({ cartId: nullValue(), cartToken: nullValue() })),
      )
      .executeTest(async (mock) => {
        const { api, setCartToken } = useApi(mock);
        const current = await getCart(api);
        expect(current.totalQuantity).toBe(0);
        expect(setCartToken).not.toHaveBeenCalled();
      });
  });

  it('adds a first product and receives a cart token to keep', async () => {
    await contract
      .interaction('a request from a visitor to add product 3')
      .given('products exist')
      .withRequest('POST', '/api/v1/cart/items', (req) =>
        req.headers(jsonRequest).jsonBody({ productId: 3, quantity: integer(1) }),
      )
      .willRespondWith(200, (res) => res.jsonBody(cart({ cartToken: guestCartToken() })))
      .executeTest(async (mock) => {
        const { api, setCartToken } = useApi(mock);
        await addCartItem(api, { productId: 3, quantity: 1 });
        expect(setCartToken).toHaveBeenCalledWith('c0ffee-guest-cart-token-example');
      });
  });

  it('reads the guest cart with its cart token', async () => {
    await contract
      .interaction('a request for the guest cart with its token')
      .given(GUEST_CART)
      .withRequest('GET', '/api/v1/cart', (req) => req.headers(guestCartHeader))
      .willRespondWith(200, (res) =>
        res.jsonBody(cart({ cartToken: fromProviderState('${cartToken}', EXAMPLE_CART_TOKEN) })),
      )
      .executeTest(async (mock) => {
        const { api, setCartToken } = useApi(mock, { cartToken: EXAMPLE_CART_TOKEN });
        const current = await getCart(api);
        expect(current.cartToken).toBe(EXAMPLE_CART_TOKEN);
        // The token it already holds is not "new".
        expect(setCartToken).not.toHaveBeenCalled();
      });
  });

  it('refuses more than the stock with 409 OUT_OF_STOCK', async () => {
    await contract
      .interaction('a request to add 5 of product 3 when only 2 are left')
      .given('product 3 has only 2 in stock')
      .withRequest('POST', '/api/v1/cart/items', (req) =>
        req.headers(jsonRequest).jsonBody({ productId: 3, quantity: 5 }),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody(errorBody(409, 'OUT_OF_STOCK', 'Only 2 left in stock for cappucino')),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await addCartItem(api, { productId: 3, quantity: 5 }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).isOutOfStock).toBe(true);
        expect((error as ApiError).message).toBe('Only 2 left in stock for cappucino');
      });
  });
});
