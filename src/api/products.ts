import { unwrap } from './client';
import type { ApiClient, RequestOptions } from './client';
import type {
  FeaturedProductsParams,
  Id,
  Product,
  ProductPage,
  ProductPromos,
  RelatedProductsParams,
  SearchProductsParams,
  ShipMethod,
} from './types';

/** The first `size` products buyable online (home page: 4), optionally of one category. */
export async function listFeaturedProducts(
  api: ApiClient,
  params: FeaturedProductsParams = {},
  { signal }: RequestOptions = {},
): Promise<Product[]> {
  return unwrap(await api.GET('/api/v1/products', { params: { query: params }, signal }));
}

/** One page of the menu. */
export async function searchProducts(
  api: ApiClient,
  params: SearchProductsParams = {},
  { signal }: RequestOptions = {},
): Promise<ProductPage> {
  return unwrap(await api.GET('/api/v1/products/search', { params: { query: params }, signal }));
}

/** "You May Also Like": products of the category other than `excludedId`. */
export async function listRelatedProducts(
  api: ApiClient,
  params: RelatedProductsParams,
  { signal }: RequestOptions = {},
): Promise<Product[]> {
  return unwrap(await api.GET('/api/v1/products/related', { params: { query: params }, signal }));
}

export async function getProduct(
  api: ApiClient,
  productId: Id,
  { signal }: RequestOptions = {},
): Promise<Product> {
  return unwrap(
    await api.GET('/api/v1/products/detail/{productId}', {
      params: { path: { productId } },
      signal,
    }),
  );
}

export async function listProductPromos(
  api: ApiClient,
  productId: Id,
  { signal }: RequestOptions = {},
): Promise<ProductPromos> {
  return unwrap(
    await api.GET('/api/v1/products/{productId}/promos', {
      params: { path: { productId } },
      signal,
    }),
  );
}

export async function listShipMethods(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<ShipMethod[]> {
  return unwrap(await api.GET('/api/v1/ship-methods', { signal }));
}
