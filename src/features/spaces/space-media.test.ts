import { describe, expect, it } from 'vitest';
import type { Space } from '../../api/types';
import { FALLBACK_SIZE, spaceDescription, toPhoto, toSlide, videoType } from './space-media';

const space = (image: string): Space => ({
  spaceId: 4,
  name: 'seminar area',
  type: 'event space',
  image,
});

describe('space media', () => {
  it('recognises a video by its file type, and only then', () => {
    expect(videoType('/media/spaces/4.mp4')).toBe('video/mp4');
    expect(videoType('/media/spaces/4.WEBM?v=2')).toBe('video/webm');
    expect(videoType('/images/spaces/4.svg')).toBeUndefined();
    expect(videoType('/images/spaces/mp4')).toBeUndefined();
  });

  it('makes an image slide with the measured size and a description', () => {
    expect(toSlide(space('/images/spaces/4.svg'), { width: 1200, height: 800 })).toEqual({
      src: '/images/spaces/4.svg',
      width: 1200,
      height: 800,
      alt: 'Seminar Area, event space',
    });
  });

  it('makes a video slide the lightbox plays, for a video item', () => {
    expect(toSlide(space('/media/spaces/4.webm'), undefined)).toEqual({
      type: 'video',
      ...FALLBACK_SIZE,
      sources: [{ src: '/media/spaces/4.webm', type: 'video/webm' }],
    });
  });

  it('labels a video item for what its button does: play it', () => {
    expect(toPhoto(space('/media/spaces/4.webm'), { width: 640, height: 360 })).toMatchObject({
      width: 640,
      height: 360,
      alt: 'Seminar Area, event space',
      label: 'Play Seminar Area, event space video',
      video: 'video/webm',
    });
  });

  it('lays out an unmeasured photo at the fallback size, labelled for its button', () => {
    const photo = toPhoto(space('/images/spaces/4.svg'), undefined);
    expect(photo).toMatchObject({
      key: '4',
      width: FALLBACK_SIZE.width,
      height: FALLBACK_SIZE.height,
      label: 'View Seminar Area, event space larger',
      video: undefined,
    });
    expect(spaceDescription({ name: 'aquarium', type: 'meeting space' })).toBe(
      'Aquarium, meeting space',
    );
  });
});
