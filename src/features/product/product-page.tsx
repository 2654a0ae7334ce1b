import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { css, cx } from 'styled-system/css';
import { isApiError } from '../../api/api-error';
import { productQueries } from '../../api/products.queries';
import type { Product } from '../../api/types';
import { Button } from '../../ui/button';
import { categoryLabel } from '../../components/category-labels';
import { displayName } from '../../lib/display-name';
import { useDocumentTitle } from '../../ui/use-document-title';
import { formatPrice } from '../../lib/format-price';
import { NotFoundView } from '../../components/not-found-view';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { productBadge } from '../../components/product-badge';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { AddToCart } from './add-to-cart';
import { ProductDescription } from './product-description';
import { ProductGallery } from './product-gallery';
import { ProductDetailSkeleton } from './product-skeleton';
import { RelatedProducts } from './related-products';
import { panel } from '../../ui/panel';
import { badgeStyles } from '../../ui/badge';

/** A path id the API could know: a positive whole number. Anything else is not a product. */
export function parseProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /menu/detail/{productId} */
export function ProductPage() {
  const params = useParams<{ productId: string }>();
  const productId = parseProductId(params.productId);
  return (
    <PageContainer>
      <Breadcrumb />
      {productId === null ? (
        <ProductNotFound />
      ) : (
        // Keyed by id: a related product opens with its own gallery, quantity and modal state.
        <ProductDetail key={productId} productId={productId} />
      )}
    </PageContainer>
  );
}

function Breadcrumb() {
  const separator = (
    <span aria-hidden="true" className={css({ color: 'textMuted' })}>
      &gt;
    </span>
  );
  const linkStyle = css({
    color: 'textMuted',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    _hover: { color: 'text' },
    _focusVisible: { focusOutline: 'outside' },
  });
  return (
    <nav aria-label="Breadcrumb" className={css({ mb: { base: '5', md: '8' }, fontSize: 'sm' })}>
      <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none' })}>
        <li className={css({ display: 'flex', gap: '2' })}>
          <Link href={paths.home()} className={linkStyle}>
            Home
          </Link>
          {separator}
        </li>
        <li className={css({ display: 'flex', gap: '2' })}>
          <Link href={paths.menu()} className={linkStyle}>
            Menu
          </Link>
          {separator}
        </li>
        <li>
          <span aria-current="page" className={css({ fontWeight: 'semibold' })}>
            Detail
          </span>
        </li>
      </ol>
    </nav>
  );
}

function ProductDetail({ productId }: { productId: number }) {
  const product = useQuery(productQueries.detail(productId));

  if (product.isPending) return <ProductDetailSkeleton />;

  if (product.isError) {
    if (isApiError(product.error) && product.error.isNotFound) return <ProductNotFound />;
    return (
      <div
        role="alert"
        data-testid="product-error"
        className={cx(
          panel({ tone: 'danger' }),
          css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            gap: '3',
            p: { base: '5', md: '8' },
          }),
        )}
      >
        <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>Failed to load product.</p>
        <p className={css({ color: 'textMuted' })}>{product.error.message}</p>
        <Button
          visual="outline"
          size="sm"
          onClick={() => void product.refetch()}
          disabled={product.isFetching}
        >
          Try again
        </Button>
      </div>
    );
  }

  return (
    <>
      <ProductSummary product={product.data} />
      <RelatedProducts product={product.data} />
    </>
  );
}

function ProductNotFound() {
  return (
    <NotFoundView
      title="Product not found"
      text="This product is not on our menu, or not any more."
      back={{ href: paths.menu(), label: 'Back to the menu' }}
    />
  );
}

function ProductSummary({ product }: { product: Product }) {
  const badge = productBadge(product);
  const onSale = badge?.kind === 'sale' && product.oldPrice !== null;

  const name = displayName(product.name);
  useDocumentTitle(name);

  return (
    <div
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        gap: { base: '6', md: '10', lg: '14' },
        alignItems: 'start',
      })}
    >
      <ProductGallery name={name} images={product.images} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        {/* The column's gap spaces the title; the child selector outweighs PageTitle's own margin. */}
        <div className={css({ '& > div': { mb: '0' } })}>
          <p
            className={css({
              fontSize: 'xs',
              textTransform: 'uppercase',
              letterSpacing: 'wider',
              color: 'textMuted',
              mb: '2',
            })}
          >
            {categoryLabel(product.category)}
          </p>
          <PageTitle>{name}</PageTitle>
        </div>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
          <p className={css({ display: 'flex', alignItems: 'baseline', gap: '3' })}>
            <span
              data-testid="detail-price"
              className={css({ fontSize: '3xl', fontWeight: 'bold', color: 'accent' })}
            >
              {formatPrice(product.price)}
            </span>
            {onSale && product.oldPrice !== null ? (
              <span className={css({ fontSize: 'lg', color: 'textMuted' })}>
                <VisuallyHidden>was </VisuallyHidden>
                <s data-testid="detail-old-price">{formatPrice(product.oldPrice)}</s>
              </span>
            ) : null}
          </p>
          {badge?.kind === 'sale' ? (
            <span data-testid="detail-badge" className={badgeStyles({ tone: 'danger' })}>
              <VisuallyHidden>Sale </VisuallyHidden>-{badge.percent}%
            </span>
          ) : null}
          {badge?.kind === 'outOfStock' ? (
            <span data-testid="detail-badge" className={badgeStyles({ tone: 'inverse' })}>
              Out of stock
            </span>
          ) : null}
        </div>
        <ProductDescription text={product.description} />
        {product.quantity > 0 ? (
          <p className={css({ fontSize: 'sm', color: 'textMuted' })}>{product.quantity} in stock</p>
        ) : null}
        <AddToCart product={product} />
      </div>
    </div>
  );
}
