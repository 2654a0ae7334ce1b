// A product page's route module (ADR-0051): what the server loads and writes for it.
import { productQueries } from '../../api/products.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { notFoundHead, productHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { parseProductId } from './product-page';
import { RELATED_COUNT } from './related-products';

export const route: PublicRoute<typeof routePatterns.productDetail, number> = {
  // An id that is not a product id is no page of the shop: the browser shows the not-found page.
  parse: ({ productId }) => parseProductId(productId),
  load: (queryClient, productId) =>
    loadOrNotFound(queryClient, async () => {
      const product = await queryClient.fetchQuery(productQueries.detail(productId));
      await queryClient.prefetchQuery(
        productQueries.related({
          category: product.category,
          size: RELATED_COUNT,
          excludedId: product.productId,
        }),
      );
    }),
  head: (queryClient, productId, outcome, origin) => {
    const product = queryClient.getQueryData(productQueries.detail(productId).queryKey);
    return outcome === 'found' && product
      ? productHead(product, origin)
      : notFoundHead(paths.productDetail(productId));
  },
  // The main image (`isMain`), else the first: the largest thing the first screen shows.
  lcpImages: (queryClient, productId, outcome) => {
    if (outcome !== 'found') return [];
    const product = queryClient.getQueryData(productQueries.detail(productId).queryKey);
    const main = product?.images.find((image) => image.isMain) ?? product?.images[0];
    return main ? [main.imageUrl] : [];
  },
  // Each product, dated by its own last change (stock included).
  sitemapPaths: ({ products }) =>
    products.map((product) => sitemapEntry(paths.productDetail(product.id), product.changed)),
};
