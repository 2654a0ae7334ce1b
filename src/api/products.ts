import { apiClient, unwrap } from './client';
import type { RequestOptions } from './client';
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
  params: FeaturedProductsParams = {},
  { signal }: RequestOptions = {},
): Promise<Product[]> {
  return unwrap(await apiClient().GET('/api/v1/products', { params: { query: params }, signal }));
}

/** One page of the menu. */
export async function searchProducts(
  params: SearchProductsParams = {},
  { signal }: RequestOptions = {},
): Promise<ProductPage> {
  return unwrap(
    await apiClient().GET('/api/v1/products/search', { params: { query: params }, signal }),
  );
}

/** "You May Also Like": products of the category other than `excludedId`. */
export async function listRelatedProducts(
  params: RelatedProductsParams,
  { signal }: RequestOptions = {},
): Promise<Product[]> {
  return unwrap(
    await apiClient().GET('/api/v1/products/related', { params: { query: params }, signal }),
  );
}

export async function getProduct(productId: Id, { signal }: RequestOptions = {}): Promise<Product> {
  return unwrap(
    await apiClient().GET('/api/v1/products/detail/{productId}', {
      params: { path: { productId } },
      signal,
    }),
  );
}

export async function listProductPromos(
  productId: Id,
  { signal }: RequestOptions = {},
): Promise<ProductPromos> {
  return unwrap(
    await apiClient().GET('/api/v1/products/{productId}/promos', {
      params: { path: { productId } },
      signal,
    }),
  );
}

export async function listShipMethods({ signal }: RequestOptions = {}): Promise<ShipMethod[]> {
  return unwrap(await apiClient().GET('/api/v1/ship-methods', { signal }));
}
