import { describe, expect, it } from 'vitest';
import type { Space } from '../../api/types';
import {
  firstScreenPhotos,
  GUTTER,
  ROW_HEIGHT,
  spaceDescription,
  toPhoto,
  toSlide,
  videoType,
} from './space-media';

const space = (image: string, width = 1200, height = 800): Space => ({
  spaceId: 4,
  name: 'seminar area',
  type: 'event space',
  image,
  width,
  height,
});

describe('space media', () => {
  it('recognises a video by its file type, and only then', () => {
    expect(videoType('/media/spaces/4.mp4')).toBe('video/mp4');
    expect(videoType('/media/spaces/4.WEBM?v=2')).toBe('video/webm');
    expect(videoType('/images/spaces/4.svg')).toBeUndefined();
    expect(videoType('/images/spaces/mp4')).toBeUndefined();
  });

  it('makes an image slide at the size the API sends, with a description', () => {
    expect(toSlide(space('/images/spaces/4.svg', 1200, 800))).toEqual({
      src: '/images/spaces/4.svg',
      width: 1200,
      height: 800,
      alt: 'Seminar Area, event space',
    });
  });

  it('makes a video slide the lightbox plays, at its frame size', () => {
    expect(toSlide(space('/media/spaces/4.webm', 640, 360))).toEqual({
      type: 'video',
      width: 640,
      height: 360,
      sources: [{ src: '/media/spaces/4.webm', type: 'video/webm' }],
    });
  });

  it('labels a video item for what its button does: play it', () => {
    expect(toPhoto(space('/media/spaces/4.webm', 640, 360))).toMatchObject({
      width: 640,
      height: 360,
      alt: 'Seminar Area, event space',
      label: 'Play Seminar Area, event space video',
      video: 'video/webm',
    });
  });

  it('lays a photo out at its own size before it loads (no 4:3 guess), labelled for its button', () => {
    // Portrait and panorama side by side: each keeps its own aspect ratio.
    const portrait = toPhoto(space('/images/spaces/3.svg', 900, 1200));
    const panorama = toPhoto(space('/images/spaces/2.svg', 1600, 900));
    expect(portrait).toMatchObject({ key: '4', width: 900, height: 1200, video: undefined });
    expect(panorama).toMatchObject({ width: 1600, height: 900 });
    expect(portrait.label).toBe('View Seminar Area, event space larger');
    expect(spaceDescription({ name: 'aquarium', type: 'meeting space' })).toBe(
      'Aquarium, meeting space',
    );
  });
});

describe('the photos on the first screen', () => {
  const photo = (width: number, height: number) => ({
    src: `/${width}x${height}.svg`,
    width,
    height,
  });
  // Two 3:2 photos at the row height fill this width exactly: rows of two, 200 px high.
  const twoPerRow = 2 * (ROW_HEIGHT * 1.5) + GUTTER;

  it('load at once: every photo in a row that starts within the first screen, no more', () => {
    const photos = Array.from({ length: 10 }, () => photo(300, 200));
    // Rows start at 0, 204, 408 (on the screen) and 612, 816 (below it).
    expect(firstScreenPhotos(photos, twoPerRow, 600)).toEqual({ eager: 6, largest: 0 });
    expect(firstScreenPhotos(photos, twoPerRow, 409).eager).toBe(6);
    expect(firstScreenPhotos(photos, twoPerRow, 408).eager).toBe(4);
  });

  it('names the one drawn largest (the LCP), which need not be the first', () => {
    // Two 3:2 photos 200 px high, then two squares that fill their row 300 px high.
    const photos = [photo(300, 200), photo(300, 200), photo(200, 200), photo(200, 200)];
    const { largest } = firstScreenPhotos(photos, twoPerRow, 600);
    expect(largest).toBe(2);
  });

  it("are all of the seed's nine on a wide screen, and only the first rows on a phone", () => {
    const seed = [
      photo(1200, 900),
      photo(1600, 900),
      photo(900, 1200),
      photo(1200, 800),
      photo(1000, 1000),
      photo(900, 1200),
      photo(1600, 900),
      photo(1200, 900),
      photo(640, 360),
    ];
    expect(firstScreenPhotos(seed, 1180).eager).toBe(9);
    const phone = firstScreenPhotos(seed, 340).eager;
    expect(phone).toBeGreaterThan(0);
    expect(phone).toBeLessThan(5);
  });
});
