// How a space becomes a gallery photo and a lightbox slide. Kept free of React so the rules
// (which items are videos, what size each one is laid out at) are tested on their own.
import type { Slide } from 'yet-another-react-lightbox';
import { computeRowsLayout, type Photo } from 'react-photo-album';
import type { Space } from '../../api/types';
import { displayName } from '../../lib/display-name';
import { videoType } from '../../lib/media-type';

export { videoType };

/** Spec §9: the justified gallery's row height and gutter, in pixels. */
export const ROW_HEIGHT = 200;
export const GUTTER = 4;

/** About as much of the gallery as the first screen shows under the page title. */
const FIRST_SCREEN_HEIGHT = 600;

/**
 * Which photos sit in rows that start on the first screen when the gallery is `containerWidth`
 * wide (`eager`: that many from the first), and which of them is drawn largest (`largest`, the
 * page's LCP element). Computed with the gallery's own layout from the sizes the API sends, so
 * those load at once, the largest first, and the rest lazily.
 */
export function firstScreenPhotos(
  photos: readonly Photo[],
  containerWidth: number,
  screenHeight = FIRST_SCREEN_HEIGHT,
): { eager: number; largest: number } {
  const layout = computeRowsLayout(photos, GUTTER, 0, containerWidth, ROW_HEIGHT);
  let top = 0;
  let eager = 0;
  let largest = { index: 0, area: 0 };
  for (const track of layout?.tracks ?? []) {
    if (top >= screenHeight) break;
    for (const { index, width, height } of track.photos) {
      if (width * height > largest.area) largest = { index, area: width * height };
    }
    eager += track.photos.length;
    top += (track.photos[0]?.height ?? 0) + GUTTER;
  }
  return { eager, largest: largest.index };
}

/** "long window" → "Long Window": the shop's one display case for names (display-name.ts). */
export function spaceTitle(space: Pick<Space, 'name'>): string {
  return displayName(space.name);
}

/** What a screen reader hears for the item, in the gallery and in the lightbox. */
export function spaceDescription(space: Pick<Space, 'name' | 'type'>): string {
  return `${spaceTitle(space)}, ${space.type}`;
}

/** `video` is the MIME type when the item is a video. */
export type SpacePhoto = Photo & { space: Space; video: string | undefined };

/**
 * Gallery photos are laid out from the sizes the API sends with each space (issue 19), so the
 * rows are placed before any media has loaded and nothing moves when it arrives.
 */
export function toPhoto(space: Space): SpacePhoto {
  const video = videoType(space.image);
  return {
    key: String(space.spaceId),
    src: space.image,
    width: space.width,
    height: space.height,
    alt: spaceDescription(space),
    label: video
      ? `Play ${spaceDescription(space)} video`
      : `View ${spaceDescription(space)} larger`,
    space,
    video,
  };
}

export function toSlide(space: Space): Slide {
  const { width, height } = space;
  const type = videoType(space.image);
  if (type !== undefined) {
    return {
      type: 'video',
      width,
      height,
      sources: [{ src: space.image, type }],
    };
  }
  return { src: space.image, width, height, alt: spaceDescription(space) };
}
