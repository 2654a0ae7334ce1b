import { useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { eventQueries } from '../../api/content.queries';
import type { ShopEvent } from '../../api/types';
import { displayName } from '../../lib/display-name';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { formatDuration } from '../../lib/format-duration';
import { LocalTime } from '../../ui/local-time';
import { LoadError } from '../../ui/load-error';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { LoadingShape, skeletonBlock } from '../../ui/loading-shape';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { panel } from '../../ui/panel';

/** The API's largest page: the community page lists every upcoming and past event it has. */
export const EVENTS_PAGE_SIZE = 50;
/** The generated event art is 3:2 (scripts/generate-art.ts). */
const IMAGE_WIDTH = 1200;
const IMAGE_HEIGHT = 800;

const sectionHeading = css({
  fontSize: { base: 'xl', md: '2xl' },
  fontWeight: 'bold',
  color: 'text',
  mb: { base: '4', md: '5' },
});

const cardStyle = cx(
  panel({ shadow: 'xs' }),
  css({
    overflow: 'hidden',
    h: 'full',
  }),
);

const imageStyle = css({
  display: 'block',
  w: 'full',
  h: 'auto',
  aspectRatio: '3/2',
  objectFit: 'cover',
  bg: 'surfaceMuted',
});

const upcomingGrid = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '5', md: '6' },
});

const pastGrid = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
  gap: { base: '3', md: '5' },
});

export function CommunityPage() {
  return (
    <PageContainer>
      <PageTitle subtitle="Workshops, cuppings and evenings around the big table: come and join us.">
        Community
      </PageTitle>
      <div
        className={css({ display: 'flex', flexDirection: 'column', gap: { base: '10', md: '14' } })}
      >
        <UpcomingEvents />
        <PastEvents />
      </div>
    </PageContainer>
  );
}

function UpcomingEvents() {
  const upcoming = useQuery(eventQueries.upcoming(EVENTS_PAGE_SIZE));
  return (
    <section aria-labelledby="upcoming-events">
      <h2 id="upcoming-events" className={sectionHeading}>
        Upcoming events
      </h2>
      {upcoming.isPending ? (
        <EventsSkeleton
          label="Loading upcoming events..."
          testId="upcoming-loading"
          grid={upcomingGrid}
          cards={3}
        />
      ) : upcoming.isError ? (
        <LoadError
          title="We could not load the upcoming events."
          detail={upcoming.error.message}
          onRetry={() => void upcoming.refetch()}
          retrying={upcoming.isFetching}
        />
      ) : upcoming.data.length === 0 ? (
        <p className={css({ color: 'textMuted' })}>
          No upcoming events right now. Check back soon.
        </p>
      ) : (
        <ul data-testid="upcoming-events" className={upcomingGrid}>
          {upcoming.data.map((event, index) => (
            <li key={event.eventId}>
              <article className={cardStyle} data-testid="event-card">
                <img
                  src={event.image}
                  alt=""
                  width={IMAGE_WIDTH}
                  height={IMAGE_HEIGHT}
                  // The first card is the page's largest paint (LCP) at every width: fetched
                  // first; the rest load as they come near.
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  decoding="async"
                  className={imageStyle}
                />
                <div className={css({ p: { base: '4', md: '5' } })}>
                  <p
                    className={css({
                      fontSize: 'sm',
                      fontWeight: 'semibold',
                      color: 'accent',
                      _dark: { color: 'text' },
                    })}
                  >
                    <LocalTime iso={event.startDate} format={formatDateTime} />
                  </p>
                  <h3 className={eventName}>{displayName(event.name)}</h3>
                  <p className={css({ mt: '1', fontSize: 'sm', color: 'textMuted' })}>
                    <VisuallyHidden>Duration: </VisuallyHidden>
                    {formatDuration(event.duration)}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const eventName = css({
  mt: '1',
  fontSize: 'lg',
  fontWeight: 'semibold',
  lineHeight: 'snug',
  color: 'text',
});

function PastEvents() {
  const closed = useQuery(eventQueries.closed({ page: 0, size: EVENTS_PAGE_SIZE }));
  return (
    <section aria-labelledby="past-events">
      <h2 id="past-events" className={sectionHeading}>
        Past events
      </h2>
      {closed.isPending ? (
        <EventsSkeleton
          label="Loading past events..."
          testId="past-loading"
          grid={pastGrid}
          cards={6}
          small
        />
      ) : closed.isError ? (
        <LoadError
          title="We could not load the past events."
          detail={closed.error.message}
          onRetry={() => void closed.refetch()}
          retrying={closed.isFetching}
        />
      ) : closed.data.length === 0 ? (
        <p className={css({ color: 'textMuted' })}>No past events yet.</p>
      ) : (
        <ul data-testid="closed-events" className={pastGrid}>
          {closed.data.map((event) => (
            <li key={event.eventId}>
              <PastEventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PastEventCard({ event }: { event: ShopEvent }) {
  return (
    <article className={cardStyle} data-testid="event-card">
      <img
        src={event.image}
        alt=""
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        loading="lazy"
        decoding="async"
        className={cx(imageStyle, css({ filter: 'saturate(0.75)' }))}
      />
      <div className={css({ p: { base: '3', md: '4' } })}>
        <p className={css({ fontSize: 'xs', color: 'textMuted' })}>
          <LocalTime iso={event.startDate} format={formatDate} />
        </p>
        <h3 className={cx(eventName, css({ fontSize: { base: 'sm', md: 'md' } }))}>
          {displayName(event.name)}
        </h3>
      </div>
    </article>
  );
}

/**
 * Cards of the list's own size and grid while it loads (the seed's three upcoming and five past
 * events fill as many rows), so the sections below and the footer do not move when it arrives.
 */
function EventsSkeleton({
  label,
  testId,
  grid,
  cards,
  small = false,
}: {
  label: string;
  testId: string;
  grid: string;
  cards: number;
  small?: boolean;
}) {
  const line = (className: string) => <div className={cx(skeletonBlock, className)} />;
  return (
    <LoadingShape label={label} testId={testId}>
      <ul className={grid}>
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className={cardStyle}>
            <div className={cx(skeletonBlock, css({ aspectRatio: '3/2', borderRadius: '0' }))} />
            {small ? (
              <div className={css({ p: { base: '3', md: '4' }, display: 'grid', gap: '2' })}>
                {line(css({ h: '4', w: '1/3' }))}
                {line(css({ h: '5', w: '3/4' }))}
              </div>
            ) : (
              <div className={css({ p: { base: '4', md: '5' }, display: 'grid', gap: '2' })}>
                {line(css({ h: '5', w: '1/2' }))}
                {line(css({ h: '6', w: '3/4' }))}
                {line(css({ h: '5', w: '1/4' }))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </LoadingShape>
  );
}
