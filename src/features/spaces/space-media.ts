// How a space becomes a gallery photo and a lightbox slide. Kept free of React so the rules
// (which items are videos, what size a photo has before it is measured) are tested on their own.
import type { Slide } from 'yet-another-react-lightbox';
import type { Photo } from 'react-photo-album';
import type { Space } from '../../api/types';
import { displayName } from '../../lib/display-name';
import { videoType } from '../../lib/media-type';

export { videoType };

export type MediaSize = { width: number; height: number };

/**
 * Used when an item's size cannot be measured (it failed to load): the gallery still lays it
 * out, at the generated art's most common 4:3.
 */
export const FALLBACK_SIZE: MediaSize = { width: 1200, height: 900 };

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

export function toPhoto(space: Space, size: MediaSize | undefined): SpacePhoto {
  const { width, height } = size ?? FALLBACK_SIZE;
  const video = videoType(space.image);
  return {
    key: String(space.spaceId),
    src: space.image,
    width,
    height,
    alt: spaceDescription(space),
    label: video
      ? `Play ${spaceDescription(space)} video`
      : `View ${spaceDescription(space)} larger`,
    space,
    video,
  };
}

export function toSlide(space: Space, size: MediaSize | undefined): Slide {
  const { width, height } = size ?? FALLBACK_SIZE;
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
