// Which media URLs are videos. The contract's spaces carry one media URL (`image`), so its file
// type is the only sign of a video; the spaces gallery and the home page's carousel both ask here.

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
};

/** The video MIME type when the URL names a video file, else undefined. */
export function videoType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : VIDEO_TYPES[extension];
}
