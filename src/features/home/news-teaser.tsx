import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { newsQueries } from '../../api/content.queries';
import { LinkButton } from '../../ui/link-button';
import { paths } from '../../lib/paths';
import { formatLongDate } from '../../lib/format-date';
import { LocalTime } from '../../ui/local-time';
import { HomeSection, SectionError } from './home-section';

/** How many news items the home page teases. */
export const HOME_NEWS_COUNT = 3;

/** The latest news, newest first (`GET /news?size=3`, a plain list). */
function useLatestNews() {
  return useQuery(newsQueries.latest(HOME_NEWS_COUNT));
}

const gridStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '5', lg: '8' },
});

/** Spec §2 "Home": a news teaser from the API; each item opens its article. */
export function NewsTeaser() {
  const news = useLatestNews();
  return (
    <HomeSection
      id="news-heading"
      eyebrow="News"
      title="Fresh from the roastery"
      action={
        <LinkButton href={paths.news()} visual="outline">
          Read the latest news
        </LinkButton>
      }
    >
      {news.isPending ? (
        <ul className={gridStyle} aria-hidden="true" data-testid="news-loading">
          {Array.from({ length: HOME_NEWS_COUNT }, (_, index) => (
            <li
              key={index}
              className={css({ h: '20rem', bg: 'surfaceMuted', borderRadius: 'card' })}
            />
          ))}
        </ul>
      ) : news.isError ? (
        <SectionError
          what="the latest news"
          onRetry={() => void news.refetch()}
          retrying={news.isFetching}
        />
      ) : (
        <ul className={gridStyle} data-testid="news-teaser">
          {news.data.map((item) => (
            <li key={item.newId}>
              <article
                className={css({
                  position: 'relative',
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '3',
                  h: 'full',
                  '&:has(a:focus-visible)': {
                    focusOutline: 'wide',
                    borderRadius: 'card',
                  },
                })}
              >
                <img
                  src={item.image}
                  alt=""
                  width={1200}
                  height={675}
                  loading="lazy"
                  decoding="async"
                  className={css({
                    display: 'block',
                    w: 'full',
                    aspectRatio: '16 / 9',
                    objectFit: 'cover',
                    borderRadius: 'card',
                    bg: 'surfaceMuted',
                  })}
                />
                <p className={css({ textStyle: 'small', color: 'textMuted' })}>
                  <LocalTime iso={item.createdAt} format={formatLongDate} />
                  {' · '}
                  {item.time} read
                </p>
                <h3 className={css({ textStyle: 'h3', color: 'text' })}>
                  <Link
                    href={paths.newsDetail(item.newId)}
                    className={css({
                      color: 'inherit',
                      textDecoration: 'none',
                      _hover: { textDecoration: 'underline', textUnderlineOffset: '4px' },
                      _focusVisible: { outline: 'none' },
                      // The whole card opens the article; the title stays the link's name.
                      _after: { content: '""', position: 'absolute', inset: '0' },
                    })}
                  >
                    {item.title}
                  </Link>
                </h3>
              </article>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
