import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import {
  getProduct,
  listFeaturedProducts,
  listProductPromos,
  listRelatedProducts,
  listShipMethods,
  searchProducts,
} from '../../src/api/products';
import { listPaymentMethods } from '../../src/api/payment';
import { getHealth } from '../../src/api/system';
import { createPact, useApi } from './pact-harness';
import {
  errorBody,
  isoDateTime,
  product,
  productPage,
  promoLists,
  shipMethod,
} from './response-shapes';

const { eachLike, regex, integer, boolean } = MatchersV3;
const contract = createPact('catalogue');
const digits = (example: string) => regex('^[0-9]+$', example);

describe('catalogue contract', () => {
  it('reads the health check', async () => {
    await contract
      .interaction('a health check')
      .withRequest('GET', '/api/v1/health')
      .willRespondWith(200, (res) => res.jsonBody({ status: 'ok', time: isoDateTime() }))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        await expect(getHealth(api)).resolves.toMatchObject({ status: 'ok' });
      });
  });

  it('lists the four featured products', async () => {
    await contract
      .interaction('a request for the featured products')
      .given('products exist')
      .withRequest('GET', '/api/v1/products', (req) => req.query({ size: digits('4') }))
      .willRespondWith(200, (res) => res.jsonBody(eachLike(product)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const products = await listFeaturedProducts(api, { size: 4 });
        expect(products[0]?.productId).toBe(3);
      });
  });

  it('searches one page of the menu', async () => {
    const query = {
      category: 'coffee_baverage',
      search: 'cap',
      page: '0',
      size: '8',
      sortBy: 'createdAt',
      sortDirection: 'asc',
    } as const;
    await contract
      .interaction('a menu search for coffee, page 0')
      .given('products exist')
      .withRequest('GET', '/api/v1/products/search', (req) =>
        req.query({ ...query, page: digits('0'), size: digits('8') }),
      )
      .willRespondWith(200, (res) => res.jsonBody(productPage))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const page = await searchProducts(api, {
          category: 'coffee_baverage',
          search: 'cap',
          page: 0,
          size: 8,
          sortBy: 'createdAt',
          sortDirection: 'asc',
        });
        expect(page.items).toHaveLength(1);
        expect(page.totalElements).toBe(12);
      });
  });

  it('searches by maximum price and price order', async () => {
    await contract
      .interaction('a menu search under 6 dollars, cheapest first')
      .given('products exist')
      .withRequest('GET', '/api/v1/products/search', (req) =>
        req.query({
          category: 'food_snack',
          maxPrice: '6',
          page: digits('0'),
          size: digits('8'),
          sortBy: 'price',
          sortDirection: 'asc',
        }),
      )
      .willRespondWith(200, (res) => res.jsonBody(productPage))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const page = await searchProducts(api, {
          category: 'food_snack',
          maxPrice: 6,
          page: 0,
          size: 8,
          sortBy: 'price',
          sortDirection: 'asc',
        });
        expect(page.page).toBe(0);
      });
  });

  it('lists products related to product 3', async () => {
    await contract
      .interaction('a request for products like product 3')
      .given('products exist')
      .withRequest('GET', '/api/v1/products/related', (req) =>
        req.query({ category: 'coffee_baverage', size: digits('4'), excludedId: '3' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(eachLike({ ...product, productId: integer(4) })))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const related = await listRelatedProducts(api, {
          category: 'coffee_baverage',
          size: 4,
          excludedId: 3,
        });
        expect(related.map((p) => p.productId)).not.toContain(3);
      });
  });

  it('reads product 3', async () => {
    await contract
      .interaction('a request for product 3')
      .given('products exist')
      .withRequest('GET', '/api/v1/products/detail/3')
      .willRespondWith(200, (res) => res.jsonBody(product))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const found = await getProduct(api, 3);
        expect(found.name).toBe('cappucino');
        expect(found.images.some((image) => image.isMain)).toBe(true);
      });
  });

  it('answers 404 NOT_FOUND for an unknown product', async () => {
    await contract
      .interaction('a request for product 999')
      .given('product 999 does not exist')
      .withRequest('GET', '/api/v1/products/detail/999')
      .willRespondWith(404, (res) => res.jsonBody(errorBody(404, 'NOT_FOUND', 'Product not found')))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await getProduct(api, 999).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).isNotFound).toBe(true);
        expect((error as ApiError).status).toBe(404);
      });
  });

  it("lists product 3's promos", async () => {
    await contract
      .interaction('a request for the promos of product 3')
      .given('products exist')
      .withRequest('GET', '/api/v1/products/3/promos')
      .willRespondWith(200, (res) => res.jsonBody({ productId: integer(3), ...promoLists }))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const promos = await listProductPromos(api, 3);
        expect(promos.availablePromos[0]?.code).toBe('FREESHIP2');
        expect(promos.unavailablePromos[0]?.reason).toBe('Promo code has expired');
      });
  });

  it('lists the shipping methods', async () => {
    await contract
      .interaction('a request for the shipping methods')
      .given('ship methods exist')
      .withRequest('GET', '/api/v1/ship-methods')
      .willRespondWith(200, (res) => res.jsonBody(eachLike(shipMethod)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const methods = await listShipMethods(api);
        expect(methods[0]).toMatchObject({ methodId: 2, price: 3.99 });
      });
  });

  it('reads which payment methods can place an order', async () => {
    await contract
      .interaction('a request for the payment methods')
      .given('the shop takes cash on delivery')
      .withRequest('GET', '/api/v1/payment/methods')
      .willRespondWith(200, (res) =>
        res.jsonBody({ card: boolean(true), paypal: boolean(false), cod: boolean(true) }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        expect(await listPaymentMethods(api)).toEqual({ card: true, paypal: false, cod: true });
      });
  });
});
