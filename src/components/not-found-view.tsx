import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { productQueries } from '../api/products.queries';
import { useDocumentTitle } from '../ui/use-document-title';
import { LinkButton } from '../ui/link-button';
import { PageTitle } from '../ui/page-title';
import { paths } from '../lib/paths';
import { ProductCard } from './product-card';

export type NotFoundViewProps = {
  /** The heading and the tab title: spec §2's "Page not found", or what is missing. */
  title: string;
  /** One sentence: what may have happened. */
  text: string;
  /** Where this kind of thing lives (the menu, the news), beside spec §2's "Go back home". */
  back?: { href: string; label: string };
};

/** Home's four featured products (spec §9): the same request, so usually already cached. */
export const POPULAR_COUNT = 4;

/**
 * The one "not found" of the shop (issue 18): an unknown address, product, story or order all
 * show this: a title, a sentence, a way on (the popular products, the place this kind of thing
 * lives) and the way home. It names the tab after what is missing.
 */
export function NotFoundView({ title, text, back }: NotFoundViewProps) {
  useDocumentTitle(title);
  const popular = useQuery(productQueries.featured(POPULAR_COUNT));
  const products = popular.data?.slice(0, POPULAR_COUNT) ?? [];

  return (
    <section data-testid="not-found" className={css({ py: { base: '8', md: '16' } })}>
      <div className={css({ textAlign: 'center', maxW: '2xl', mx: 'auto' })}>
        <p
          aria-hidden="true"
          className={css({
            fontFamily: 'heading',
            fontSize: { base: '6xl', md: '8xl' },
            fontWeight: 'bold',
            color: 'accent',
            lineHeight: '1',
            mb: '4',
          })}
        >
          404
        </p>
        <div className={css({ '& p': { mx: 'auto' } })}>
          <PageTitle subtitle={text}>{title}</PageTitle>
        </div>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            gap: '3',
          })}
        >
          <LinkButton href={paths.home()}>Go back home</LinkButton>
          <LinkButton href={back?.href ?? paths.menu()} visual="outline">
            {back?.label ?? 'Browse the menu'}
          </LinkButton>
        </div>
      </div>
      {products.length > 0 ? (
        <div className={css({ mt: { base: '12', md: '16' } })}>
          <h2 className={css({ textStyle: 'h3', mb: { base: '4', md: '6' }, textAlign: 'center' })}>
            Popular on our menu
          </h2>
          <ul
            data-testid="not-found-popular"
            className={css({
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: {
                base: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(4, minmax(0, 1fr))',
              },
              gap: { base: '3', md: '6' },
              '& > li > *': { h: 'full' },
            })}
          >
            {products.map((product) => (
              <li key={product.productId}>
                <ProductCard product={product} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
