import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RowsPhotoAlbum } from 'react-photo-album';
import 'react-photo-album/rows.css';
import { css } from 'styled-system/css';
import { spaceQueries } from '../../api/content.queries';
import type { Space } from '../../api/types';
import { LoadError } from '../../ui/load-error';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import {
  toPhoto,
  toSlide,
  videoType,
  spaceTitle,
  type MediaSize,
  type SpacePhoto,
} from './space-media';
import { SpacesLightbox } from './spaces-lightbox';

/** Spec §9: the justified gallery's row height and gutter, in pixels. */
export const ROW_HEIGHT = 200;
export const GUTTER = 4;

/** The media's own size (the API sends none): an image's natural size, a video's frame size. */
function measure(url: string): Promise<MediaSize | undefined> {
  return new Promise((resolve) => {
    const done = (width: number, height: number) =>
      resolve(width > 0 && height > 0 ? { width, height } : undefined);
    if (videoType(url) !== undefined) {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.muted = true;
      video.onloadedmetadata = () => done(video.videoWidth, video.videoHeight);
      video.onerror = () => resolve(undefined);
      video.src = url;
      return;
    }
    const image = new Image();
    image.onload = () => done(image.naturalWidth, image.naturalHeight);
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

/**
 * Sizes of every item's media, once all are known (a justified layout needs every aspect ratio
 * before it can place the first row). An item that fails to load gets the fallback size.
 */
function useMediaSizes(items: Space[] | undefined): Map<string, MediaSize | undefined> | null {
  const [sizes, setSizes] = useState<{
    for: Space[];
    sizes: Map<string, MediaSize | undefined>;
  } | null>(null);
  useEffect(() => {
    if (!items) return;
    let live = true;
    void Promise.all(
      items.map(async (item) => [item.image, await measure(item.image)] as const),
    ).then((entries) => {
      if (live) setSizes({ for: items, sizes: new Map(entries) });
    });
    return () => {
      live = false;
    };
  }, [items]);
  return sizes !== null && sizes.for === items ? sizes.sizes : null;
}

export function SpacesPage() {
  const spaces = useQuery(spaceQueries.all());
  const { data } = spaces;
  const sizes = useMediaSizes(data);
  const [index, setIndex] = useState(-1);
  const opener = useRef<HTMLElement | null>(null);

  const photos = useMemo(
    () => (data && sizes ? data.map((s) => toPhoto(s, sizes.get(s.image))) : []),
    [data, sizes],
  );
  const slides = useMemo(
    () => (data && sizes ? data.map((s) => toSlide(s, sizes.get(s.image))) : []),
    [data, sizes],
  );

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
        // Room for about two rows, so the footer does not jump when the gallery arrives.
        <div
          className={css({ minH: '420px', display: 'grid', placeItems: 'center' })}
          data-testid="spaces-loading"
        >
          <Spinner label="Loading the spaces..." />
        </div>
      ) : (
        <div data-testid="spaces-gallery">
          <RowsPhotoAlbum<SpacePhoto>
            photos={photos}
            targetRowHeight={ROW_HEIGHT}
            spacing={GUTTER}
            onClick={({ index: clicked, event }) => {
              opener.current = event.currentTarget as HTMLElement;
              setIndex(clicked);
            }}
            componentsProps={{
              button: { className: tileStyle },
              image: { loading: 'lazy', decoding: 'async', className: tileImageStyle },
            }}
            render={{
              image: (props, { photo }) =>
                photo.video ? (
                  <video
                    src={photo.src}
                    muted
                    playsInline
                    preload="metadata"
                    aria-hidden="true"
                    className={props.className}
                    style={props.style}
                  />
                ) : undefined,
              extras: (_, { photo }) => <Caption photo={photo} />,
            }}
          />
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
  _focusVisible: { outline: '3px solid', outlineColor: 'accent', outlineOffset: '2px' },
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
        textShadow: '0 1px 2px rgba(0, 0, 0, 0.6)',
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
