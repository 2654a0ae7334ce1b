import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { css, cx } from 'styled-system/css';
import { ApiError } from '../../api/api-error';
import { newsQueries } from '../../api/content.queries';
import type { News } from '../../api/types';
import { useDocumentTitle } from '../../ui/use-document-title';
import { formatDate } from '../../lib/format-date';
import { LocalTime } from '../../ui/local-time';
import { LinkButton } from '../../ui/link-button';
import { LoadError } from '../../ui/load-error';
import { NotFoundView } from '../../components/not-found-view';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { LoadingShape, skeletonBlock } from '../../ui/loading-shape';
import { VisuallyHidden } from '../../ui/visually-hidden';

/** Ids are positive integers (openapi.yaml `Id`); anything else cannot name a news item. */
export function parseNewsId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return Number(raw);
}

const articleColumn = css({ maxW: '3xl', mx: 'auto' });

export function NewsDetailPage() {
  const { newId: raw } = useParams<{ newId: string }>();
  const newId = parseNewsId(raw);
  return (
    <PageContainer>
      {newId === null ? <NewsNotFound /> : <NewsArticle newId={newId} />}
    </PageContainer>
  );
}

function NewsArticle({ newId }: { newId: number }) {
  const queryClient = useQueryClient();
  // Starts from the list's copy of the item when the shopper came from the list (spec §2),
  // and fetches it by id otherwise (a shared link, a reload).
  const news = useQuery(newsQueries.detail(newId, queryClient));

  if (news.isError && news.error instanceof ApiError && news.error.isNotFound) {
    return <NewsNotFound />;
  }
  return (
    <div className={articleColumn}>
      <BackToNews />
      {news.isPending ? (
        <StorySkeleton />
      ) : news.isError ? (
        <>
          <PageTitle>News</PageTitle>
          <LoadError
            title="We could not load this story."
            detail={news.error.message}
            onRetry={() => void news.refetch()}
            retrying={news.isFetching}
          />
        </>
      ) : (
        <NewsBody item={news.data} />
      )}
    </div>
  );
}

function NewsBody({ item }: { item: News }) {
  useDocumentTitle(item.title);
  const paragraphs = item.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <article data-testid="news-article">
      <PageTitle
        subtitle={
          <>
            <LocalTime iso={item.createdAt} format={formatDate} />
            <span aria-hidden="true"> · </span>
            <VisuallyHidden>, </VisuallyHidden>
            {item.time} read
          </>
        }
      >
        {item.title}
      </PageTitle>
      <img
        src={item.image}
        alt=""
        // The generated news art is 16:9; the size is set so the text below never jumps.
        width={1200}
        height={675}
        fetchPriority="high"
        className={css({
          display: 'block',
          w: 'full',
          h: 'auto',
          aspectRatio: '16/9',
          objectFit: 'cover',
          bg: 'surfaceMuted',
          borderRadius: 'xl',
          mb: { base: '6', md: '8' },
        })}
      />
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '5',
          fontSize: { base: 'md', md: 'lg' },
          lineHeight: 'relaxed',
          color: 'text',
        })}
      >
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <div className={css({ mt: { base: '8', md: '10' } })}>
        <LinkButton href={paths.news()} visual="outline">
          More news
        </LinkButton>
      </div>
    </article>
  );
}

/** The story's title, date, 16:9 picture and first lines, at least a window tall as a story is. */
function StorySkeleton() {
  const line = (className: string) => <div className={cx(skeletonBlock, className)} />;
  return (
    <LoadingShape label="Loading the story..." fillScreen testId="story-loading">
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          mb: { base: '6', md: '8' },
        })}
      >
        {line(css({ h: '10', w: 'full' }))}
        {line(css({ h: '10', w: '2/3' }))}
        {line(css({ h: '5', w: '1/4', mt: '1' }))}
      </div>
      <div
        className={cx(
          skeletonBlock,
          css({ aspectRatio: '16/9', borderRadius: 'xl', mb: { base: '6', md: '8' } }),
        )}
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {line(css({ h: '4', w: 'full' }))}
        {line(css({ h: '4', w: 'full' }))}
        {line(css({ h: '4', w: '5/6' }))}
      </div>
    </LoadingShape>
  );
}

function BackToNews() {
  return (
    <p className={css({ mb: '4' })}>
      <LinkButton href={paths.news()} visual="ghost" size="sm" css={css.raw({ ml: '-3' })}>
        <span aria-hidden="true">←</span> Back to News
      </LinkButton>
    </p>
  );
}

function NewsNotFound() {
  return (
    <NotFoundView
      title="News not found"
      text="This story does not exist, or it is no longer published."
      back={{ href: paths.news(), label: 'See all news' }}
    />
  );
}
