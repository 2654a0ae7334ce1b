import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { RowsPhotoAlbum } from 'react-photo-album';
import SSR from 'react-photo-album/ssr';
import { css, cx } from 'styled-system/css';
import { spaceQueries } from '../../api/content.queries';
import { LazyVideo } from '../../ui/lazy-video';
import { LoadError } from '../../ui/load-error';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { VisuallyHidden } from '../../ui/visually-hidden';
import {
  GUTTER,
  ROW_HEIGHT,
  firstScreenPhotos,
  spaceTitle,
  toPhoto,
  toSlide,
  type SpacePhoto,
} from './space-media';
import { SpacesLightbox } from './spaces-lightbox';

/**
 * Widths the gallery is laid out at, for the server's HTML (react-photo-album's SSR: one layout
 * per width, the right one shown by a container query until the browser has measured). A
 * layout scales to the widths between, so rows stay within about 15% of ROW_HEIGHT.
 */
const GALLERY_BREAKPOINTS = [340, 400, 480, 600, 720, 860, 1000, 1180] as const;
export function SpacesPage() {
  const spaces = useQuery(spaceQueries.all());
  const { data } = spaces;
  const [index, setIndex] = useState(-1);
  const opener = useRef<HTMLElement | null>(null);

  const photos = useMemo(() => data?.map(toPhoto) ?? [], [data]);
  const slides = useMemo(() => data?.map(toSlide) ?? [], [data]);

  return (
    <PageContainer>
      <PageTitle subtitle="Corners to work, meet and linger in. Choose a photo to see it larger.">
        Spaces
      </PageTitle>
      {spaces.isError ? (
        <LoadError
          title="We could not load the spaces."
          detail={spaces.error.message}
          onRetry={() => void spaces.refetch()}
          retrying={spaces.isFetching}
        />
      ) : spaces.data?.length === 0 ? (
        <p className={css({ color: 'textMuted' })}>No spaces to show yet.</p>
      ) : photos.length === 0 ? (
        <GallerySkeleton />
      ) : (
        <div data-testid="spaces-gallery">
          <SSR breakpoints={GALLERY_BREAKPOINTS}>
            <RowsPhotoAlbum<SpacePhoto>
              photos={photos}
              targetRowHeight={ROW_HEIGHT}
              spacing={GUTTER}
              onClick={({ index: clicked, event }) => {
                opener.current = event.currentTarget as HTMLElement;
                setIndex(clicked);
              }}
              componentsProps={(containerWidth) => {
                const { eager, largest } = firstScreenPhotos(photos, containerWidth ?? 0);
                return {
                  button: { className: tileStyle },
                  image: ({ photo, index: at }) => ({
                    // The media's own size (the layout sets the rendered one): the box and its
                    // ratio are known before anything loads.
                    width: photo.width,
                    height: photo.height,
                    loading: at < eager ? 'eager' : 'lazy',
                    fetchPriority: at === largest ? 'high' : undefined,
                    decoding: 'async',
                    className: tileImageStyle,
                  }),
                };
              }}
              render={{
                image: (props, { photo }) =>
                  photo.video ? (
                    <LazyVideo
                      src={photo.src}
                      width={photo.width}
                      height={photo.height}
                      aria-hidden="true"
                      className={props.className}
                      style={props.style}
                    />
                  ) : undefined,
                extras: (_, { photo }) => <Caption photo={photo} />,
              }}
            />
          </SSR>
        </div>
      )}
      <SpacesLightbox
        slides={slides}
        index={index}
        onClose={() => setIndex(-1)}
        onClosed={() => {
          // Back to the photo that opened it, so a keyboard user carries on where they were.
          opener.current?.focus();
          opener.current = null;
        }}
      />
    </PageContainer>
  );
}

const tileStyle = css({
  display: 'block',
  p: '0',
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'surfaceMuted',
  _focusVisible: { focusOutline: 'outside' },
  '& img, & video': { transition: 'transform 0.3s ease' },
  _hover: { '& img, & video': { transform: 'scale(1.03)' } },
  _motionReduce: {
    '& img, & video': { transition: 'none' },
    _hover: { '& img': { transform: 'none' } },
  },
});

const tileImageStyle = css({ objectFit: 'cover' });

function Caption({ photo }: { photo: SpacePhoto }) {
  return (
    <span
      aria-hidden="true"
      className={css({
        position: 'absolute',
        insetX: '0',
        bottom: '0',
        px: '3',
        pt: '6',
        pb: '2',
        fontSize: 'sm',
        fontWeight: 'semibold',
        color: 'white',
        textShadow: 'onMedia',
        bgGradient: 'to-t',
        gradientFrom: 'black/60',
        gradientTo: 'transparent',
        pointerEvents: 'none',
        borderBottomRadius: 'md',
      })}
    >
      {photo.video ? <span>▶ </span> : null}
      {spaceTitle(photo.space)}
    </span>
  );
}

/**
 * Justified rows of the gallery's own height while the spaces load: as many as the seed's nine
 * photos fill at that width (one or two a row on a phone, four or five on a wide screen), so
 * the footer does not move when the photos arrive.
 */
const SKELETON_ROWS: readonly { ratios: readonly number[]; className?: string }[] = [
  { ratios: [4 / 3, 16 / 9] },
  { ratios: [3 / 4, 3 / 2, 1] },
  { ratios: [16 / 9, 4 / 3], className: css({ xl: { display: 'none' } }) },
  { ratios: [3 / 4, 16 / 9], className: css({ md: { display: 'none' } }) },
];

/** Its gaps are spacing token 1, the gallery's 4 px GUTTER (Panda needs a literal value). */
function GallerySkeleton() {
  return (
    <div data-testid="spaces-loading">
      <VisuallyHidden>
        <Spinner label="Loading the spaces..." />
      </VisuallyHidden>
      <div
        aria-hidden="true"
        className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}
      >
        {SKELETON_ROWS.map((row, rowIndex) => (
          <div key={rowIndex} className={cx(css({ display: 'flex', gap: '1' }), row.className)}>
            {row.ratios.map((ratio, tileIndex) => (
              <div
                key={tileIndex}
                style={{ flexGrow: ratio, height: ROW_HEIGHT }}
                className={css({
                  flexBasis: '0',
                  bg: 'surfaceMuted',
                  borderRadius: 'md',
                  animation: 'pulse 1.6s ease-in-out infinite',
                  _motionReduce: { animation: 'none' },
                })}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
