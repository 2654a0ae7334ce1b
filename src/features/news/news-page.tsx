import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { newsQueries } from '../../api/content.queries';
import type { News } from '../../api/types';
import { Button } from '../../ui/button';
import { formatDate } from '../../lib/format-date';
import { LocalTime } from '../../ui/local-time';
import { LoadError } from '../../ui/load-error';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { panel } from '../../ui/panel';

/** Items per "Load More News": two rows of three on a wide screen. */
export const NEWS_SLICE_SIZE = 6;
/** Cards in the first row on a wide screen load at once; the rest only when scrolled near. */
const EAGER_IMAGES = 3;
/** The generated news art is 16:9 (scripts/generate-art.ts). */
const IMAGE_WIDTH = 1200;
const IMAGE_HEIGHT = 675;

const gridStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: {
    base: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
  gap: { base: '5', md: '6' },
});

const cardStyle = cx(
  panel({ shadow: 'xs' }),
  css({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    h: 'full',
    overflow: 'hidden',
    transition: 'box-shadow 0.2s ease, transform 0.2s ease',
    _hover: { boxShadow: 'md', transform: 'translateY(-2px)' },
    _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
    '&:has(a:focus-visible)': { focusOutline: 'outside' },
  }),
);

const mediaStyle = css({ aspectRatio: '16/9', bg: 'surfaceMuted', overflow: 'hidden' });
const imageStyle = css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block' });

/** The first paragraph: the descriptions are several paragraphs separated by blank lines. */
function excerpt(description: string): string {
  return description.split(/\n\s*\n/)[0]?.trim() ?? '';
}

export function NewsPage() {
  const news = useInfiniteQuery(newsQueries.list(NEWS_SLICE_SIZE));
  const items = news.data?.pages.flatMap((slice) => slice.items) ?? [];
  const total = news.data?.pages.at(-1)?.totalCount;

  // After "Load More News", focus moves to the first new item: the button may be gone (end of
  // the list) and a keyboard user should continue reading where the new items start.
  const list = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || items.length <= index) return;
    focusIndex.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('a[data-news-link]')[index]?.focus();
  }, [items.length]);

  const loadMore = () => {
    focusIndex.current = items.length;
    void news.fetchNextPage();
  };

  return (
    <PageContainer>
      <PageTitle subtitle="Stories from the roastery, the farms we buy from and the people who share our table.">
        News
      </PageTitle>

      {news.isPending ? (
        <NewsSkeleton />
      ) : news.isError && items.length === 0 ? (
        <LoadError
          title="We could not load the news."
          detail={news.error.message}
          onRetry={() => void news.refetch()}
          retrying={news.isFetching}
        />
      ) : items.length === 0 ? (
        <p className={css({ color: 'textMuted' })}>No news yet. Check back soon.</p>
      ) : (
        <>
          <ul ref={list} className={gridStyle} data-testid="news-list">
            {items.map((item, index) => (
              <li key={item.newId}>
                <NewsCard item={item} eager={index < EAGER_IMAGES} first={index === 0} />
              </li>
            ))}
          </ul>

          <div
            className={css({
              mt: { base: '8', md: '10' },
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: '3',
            })}
          >
            <p role="status" className={css({ fontSize: 'sm', color: 'textMuted' })}>
              {news.hasNextPage
                ? total === undefined
                  ? `Showing ${items.length} stories`
                  : `Showing ${items.length} of ${total} stories`
                : `You're all caught up: all ${items.length} stories are shown.`}
            </p>
            {news.isFetchNextPageError ? (
              <p role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
                More news could not be loaded: {news.error.message}
              </p>
            ) : null}
            {news.hasNextPage ? (
              <Button
                visual="outline"
                onClick={loadMore}
                disabled={news.isFetchingNextPage}
                aria-busy={news.isFetchingNextPage}
              >
                {news.isFetchingNextPage ? <Spinner size="sm" label="Loading more news" /> : null}
                Load More News
              </Button>
            ) : null}
          </div>
        </>
      )}
    </PageContainer>
  );
}

/** `first`: the first card's picture is the page's largest paint (LCP), so it is fetched first. */
function NewsCard({ item, eager, first }: { item: News; eager: boolean; first: boolean }) {
  return (
    <article className={cardStyle} data-testid="news-card">
      <div className={mediaStyle}>
        <img
          src={item.image}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
          className={imageStyle}
        />
      </div>
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
          p: { base: '4', md: '5' },
          flex: '1',
        })}
      >
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
          <LocalTime iso={item.createdAt} format={formatDate} />
          <span aria-hidden="true"> · </span>
          <VisuallyHidden>, </VisuallyHidden>
          {item.time} read
        </p>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: 'snug' })}>
          <Link
            href={paths.newsDetail(item.newId)}
            data-news-link=""
            className={css({
              color: 'text',
              textDecoration: 'none',
              _focusVisible: { outline: 'none' },
              // The whole card is the click target; the title stays the link's accessible name.
              _after: { content: '""', position: 'absolute', inset: '0' },
            })}
          >
            {item.title}
          </Link>
        </h2>
        <p
          className={css({ color: 'textMuted', fontSize: 'sm', lineClamp: '3' })}
          data-testid="news-excerpt"
        >
          {excerpt(item.description)}
        </p>
      </div>
    </article>
  );
}

/** Same footprint as the first slice of cards, so the page does not jump when they arrive. */
function NewsSkeleton() {
  const bar = css({ bg: 'surfaceMuted', borderRadius: 'md' });
  return (
    <div>
      <VisuallyHidden>
        <Spinner label="Loading news..." />
      </VisuallyHidden>
      <ul className={gridStyle} aria-hidden="true">
        {Array.from({ length: NEWS_SLICE_SIZE }, (_, index) => (
          <li key={index}>
            <div
              className={cx(
                panel(),
                css({
                  overflow: 'hidden',
                }),
              )}
            >
              <div
                className={css({
                  aspectRatio: '16/9',
                  bg: 'surfaceMuted',
                  animation: 'pulse 1.6s ease-in-out infinite',
                  _motionReduce: { animation: 'none' },
                })}
              />
              <div className={css({ p: '5', display: 'flex', flexDirection: 'column', gap: '2' })}>
                <div className={cx(css({ h: '3', w: '1/3' }), bar)} />
                <div className={cx(css({ h: '5', w: '5/6' }), bar)} />
                <div className={cx(css({ h: '3', w: 'full' }), bar)} />
                <div className={cx(css({ h: '3', w: '2/3' }), bar)} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
