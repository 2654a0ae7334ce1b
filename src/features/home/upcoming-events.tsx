import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { eventQueries } from '../../api/content.queries';
import { displayName } from '../../lib/display-name';
import { LinkButton } from '../../ui/link-button';
import { paths } from '../../lib/paths';
import { formatEventStart } from '../../lib/format-date';
import { cardLinkStyle, HomeSection, SectionError } from './home-section';

/** How many upcoming events the home page shows. */
export const HOME_EVENT_COUNT = 3;

const gridStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '4', lg: '6' },
});

const cardStyle = css(cardLinkStyle, {
  display: 'grid',
  gridTemplateColumns: { base: '7.5rem minmax(0, 1fr)', md: 'minmax(0, 1fr)' },
});

/** Spec §2 "Home": an events section with the upcoming events, linking to /community. */
export function UpcomingEvents() {
  const events = useQuery(eventQueries.upcoming(HOME_EVENT_COUNT));
  return (
    <HomeSection
      id="events-heading"
      eyebrow="Community"
      title="Tastings, talks and evenings together"
      className={css({ bg: 'surfaceMuted' })}
      action={
        <LinkButton href={paths.community()} visual="outline">
          See upcoming events
        </LinkButton>
      }
    >
      {events.isPending ? (
        <ul className={gridStyle} aria-hidden="true" data-testid="events-loading">
          {Array.from({ length: HOME_EVENT_COUNT }, (_, index) => (
            <li
              key={index}
              className={css({
                h: { base: '7.5rem', md: '18rem' },
                bg: 'surface',
                borderRadius: 'card',
              })}
            />
          ))}
        </ul>
      ) : events.isError ? (
        <SectionError
          what="the upcoming events"
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : events.data.length === 0 ? (
        <p className={css({ color: 'textMuted' })}>
          New events are being planned. The community page has what we have done so far.
        </p>
      ) : (
        <ul className={gridStyle} data-testid="upcoming-events">
          {events.data.map((event) => (
            <li key={event.eventId}>
              <Link href={paths.community()} className={cardStyle} data-testid="event-card">
                <img
                  src={event.image}
                  alt=""
                  width={1200}
                  height={800}
                  loading="lazy"
                  decoding="async"
                  className={css({
                    display: 'block',
                    w: 'full',
                    h: { base: 'full', md: 'auto' },
                    aspectRatio: { base: 'auto', md: '3 / 2' },
                    // On a phone the text beside it sets the card's height: the file, once
                    // loaded, must not add its own (the card would grow under the shopper's eyes).
                    contain: { base: 'size', md: 'none' },
                    objectFit: 'cover',
                    bg: 'surfaceMuted',
                  })}
                />
                <span
                  className={css({
                    display: 'flex',
                    flexDirection: 'column',
                    gap: '1',
                    p: { base: '3', md: '5' },
                  })}
                >
                  <time
                    dateTime={event.startDate}
                    className={css({
                      textStyle: 'eyebrow',
                      fontSize: '0.6875rem',
                      color: 'accent',
                    })}
                  >
                    {formatEventStart(event.startDate)}
                  </time>
                  <span
                    className={css({
                      textStyle: 'h3',
                      fontSize: { base: 'md', md: 'xl' },
                    })}
                    data-testid="event-name"
                  >
                    {displayName(event.name)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
