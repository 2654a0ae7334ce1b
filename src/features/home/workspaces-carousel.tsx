import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { spaceQueries } from '../../api/content.queries';
import type { Space } from '../../api/types';
import { Button } from '../../ui/button';
import { LazyVideo } from '../../ui/lazy-video';
import { skeletonBlock } from '../../ui/loading-shape';
import { displayName } from '../../lib/display-name';
import { LinkButton } from '../../ui/link-button';
import { videoType } from '../../lib/media-type';
import { paths } from '../../lib/paths';
import { cardLinkStyle, HomeSection, SectionError } from './home-section';

const SPACE_TYPE_LABELS: Record<Space['type'], string> = {
  workspace: 'Workspace',
  'event space': 'Event space',
  'meeting space': 'Meeting space',
};

const trackStyle = css({
  listStyle: 'none',
  display: 'grid',
  gridAutoFlow: 'column',
  // Phones see one slide and the edge of the next (a hint to swipe); wider screens see more.
  gridAutoColumns: { base: '82%', sm: '46%', lg: 'calc((100% - 3 * 1.5rem) / 4)' },
  gap: { base: '4', lg: '6' },
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  scrollBehavior: 'smooth',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  // Room for the focus ring and the card shadow inside the scroll box; the snap positions
  // account for it, or mandatory snapping would nudge the row off its start.
  py: '2',
  px: '1',
  mx: '-1',
  scrollPaddingInline: '1',
  _motionReduce: { scrollBehavior: 'auto' },
});

const slideLinkStyle = css(cardLinkStyle, { display: 'block' });

const slideMediaStyle = css({
  display: 'block',
  w: 'full',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  bg: 'surfaceMuted',
});

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={css({ w: '5', h: '5' })}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
      />
    </svg>
  );
}

/**
 * Where the track is scrolled: whether there is anything before or after the visible slides.
 * Native scrolling (touch, trackpad, scroll-snap) and the buttons all end up here.
 */
function useScrollEdges(track: HTMLUListElement | null) {
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  useEffect(() => {
    if (!track) return;
    const update = () => {
      // One pixel of slack: fractional scroll positions never reach the exact end.
      const atStart = track.scrollLeft <= 1;
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
      setEdges((previous) =>
        previous.atStart === atStart && previous.atEnd === atEnd ? previous : { atStart, atEnd },
      );
    };
    update();
    track.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(track);
    return () => {
      track.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [track]);
  return edges;
}

function slideLinks(track: HTMLUListElement | null): HTMLAnchorElement[] {
  return track ? [...track.querySelectorAll<HTMLAnchorElement>('a[data-slide]')] : [];
}

/**
 * Spec §2 "Home": a workspaces carousel of the spaces from the API. A row that scrolls with
 * scroll-snap (swipe on touch), previous/next buttons, and arrow keys that move from slide to
 * slide (each slide is a link to the spaces gallery, so it is focusable and Tab still works).
 */
export function WorkspacesCarousel() {
  const spaces = useQuery(spaceQueries.all());
  const trackId = useId();
  // State, not a ref: the edge watcher must start again when the list mounts after loading.
  const [track, setTrack] = useState<HTMLUListElement | null>(null);
  const { atStart, atEnd } = useScrollEdges(track);

  /** One slide's width per press (the CSS snaps it into place, and honours reduced motion). */
  const scrollBySlide = (direction: 1 | -1) => {
    if (!track) return;
    const slide = track.querySelector('li');
    const step = slide ? slide.getBoundingClientRect().width : track.clientWidth;
    track.scrollBy({ left: direction * step });
  };

  /** Arrow keys (and Home/End) move from slide to slide, bringing the next one into view. */
  const onSlideKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const keys: Record<string, (index: number, count: number) => number> = {
      ArrowRight: (index, count) => Math.min(index + 1, count - 1),
      ArrowLeft: (index) => Math.max(index - 1, 0),
      Home: () => 0,
      End: (_, count) => count - 1,
    };
    const move = keys[event.key];
    if (!move) return;
    const links = slideLinks(track);
    const current = links.indexOf(event.currentTarget);
    if (current === -1) return;
    event.preventDefault();
    const next = links[move(current, links.length)];
    next?.focus({ preventScroll: true });
    next?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const controls =
    spaces.isSuccess && spaces.data.length > 0 ? (
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <Button
          visual="outline"
          size="icon"
          aria-label="Previous spaces"
          aria-controls={trackId}
          disabled={atStart}
          onClick={() => scrollBySlide(-1)}
        >
          <ChevronIcon direction="left" />
        </Button>
        <Button
          visual="outline"
          size="icon"
          aria-label="Next spaces"
          aria-controls={trackId}
          disabled={atEnd}
          onClick={() => scrollBySlide(1)}
        >
          <ChevronIcon direction="right" />
        </Button>
        <LinkButton href={paths.spaces()} visual="ghost" css={css.raw({ ml: '1' })}>
          Explore our spaces
        </LinkButton>
      </div>
    ) : (
      <LinkButton href={paths.spaces()} visual="outline">
        Explore our spaces
      </LinkButton>
    );

  return (
    <HomeSection
      id="spaces-heading"
      eyebrow="Workspaces"
      title="A desk, a table, a room for your team"
      intro="Bright, calm places to work and meet, with good coffee a few steps away."
      action={controls}
    >
      {spaces.isPending ? (
        <ul className={trackStyle} aria-hidden="true" data-testid="spaces-loading">
          {Array.from({ length: 4 }, (_, index) => (
            // A slide's size: the 4:3 picture and the name and kind under it.
            <li key={index} className={css({ scrollSnapAlign: 'start' })}>
              <div className={css({ bg: 'surface', borderRadius: 'card', overflow: 'hidden' })}>
                <div className={css({ aspectRatio: '4 / 3', bg: 'surfaceMuted' })} />
                <div className={css({ p: '4', display: 'grid', gap: '2' })}>
                  <div className={cx(skeletonBlock, css({ h: '6', w: '2/3' }))} />
                  <div className={cx(skeletonBlock, css({ h: '4', w: '1/3' }))} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : spaces.isError ? (
        <SectionError
          what="our spaces"
          onRetry={() => void spaces.refetch()}
          retrying={spaces.isFetching}
        />
      ) : (
        <ul
          id={trackId}
          ref={setTrack}
          className={trackStyle}
          aria-label="Our spaces"
          aria-roledescription="carousel"
          data-testid="spaces-carousel"
        >
          {spaces.data.map((space, index) => (
            <li
              key={space.spaceId}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${spaces.data.length}`}
              className={css({ scrollSnapAlign: 'start' })}
            >
              <Link
                href={paths.spaces()}
                data-slide=""
                className={slideLinkStyle}
                onKeyDown={onSlideKeyDown}
              >
                {videoType(space.image) ? (
                  // A video space shows its first frame; the gallery plays it.
                  <LazyVideo
                    src={space.image}
                    width={space.width}
                    height={space.height}
                    aria-hidden="true"
                    data-testid="space-video"
                    className={slideMediaStyle}
                  />
                ) : (
                  <img
                    src={space.image}
                    alt=""
                    width={space.width}
                    height={space.height}
                    loading="lazy"
                    decoding="async"
                    className={slideMediaStyle}
                  />
                )}
                <span className={css({ display: 'block', p: '4' })}>
                  <span
                    className={css({
                      display: 'block',
                      textStyle: 'h3',
                      fontSize: 'lg',
                    })}
                  >
                    {displayName(space.name)}
                  </span>
                  <span
                    className={css({ display: 'block', textStyle: 'small', color: 'textMuted' })}
                  >
                    {SPACE_TYPE_LABELS[space.type]}
                    {videoType(space.image) ? ' · Video' : null}
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
