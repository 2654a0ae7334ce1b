import { css, cx } from 'styled-system/css';
import { LoadingShape, skeletonBlock } from '../../ui/loading-shape';

const line = (className: string) => <div className={cx(skeletonBlock, className)} />;

/**
 * The product page while its product loads: the gallery's square and thumbnails beside the
 * summary, in the summary's grid (product-page.tsx), at least a window tall like the page itself.
 */
export function ProductDetailSkeleton() {
  return (
    <LoadingShape label="Loading product..." fillScreen testId="product-loading">
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          gap: { base: '6', md: '10', lg: '14' },
          alignItems: 'start',
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div className={cx(skeletonBlock, css({ aspectRatio: 'square', borderRadius: '2xl' }))} />
          <div
            className={css({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '3' })}
          >
            {Array.from({ length: 4 }, (_, index) => (
              <div
                key={index}
                className={cx(skeletonBlock, css({ aspectRatio: 'square', borderRadius: 'lg' }))}
              />
            ))}
          </div>
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            {line(css({ h: '3', w: '1/4' }))}
            {line(css({ h: '10', w: '3/4' }))}
          </div>
          {line(css({ h: '9', w: '1/4' }))}
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            {line(css({ h: '4', w: 'full' }))}
            {line(css({ h: '4', w: 'full' }))}
            {line(css({ h: '4', w: '2/3' }))}
          </div>
          {line(css({ h: '4', w: '1/5' }))}
          {line(css({ h: '12', w: 'full', maxW: 'sm', borderRadius: 'full' }))}
        </div>
      </div>
    </LoadingShape>
  );
}
