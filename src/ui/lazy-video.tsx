import { useEffect, useRef, useState, type ComponentProps } from 'react';

/** How far below the screen a video starts to fetch its first frame, as for lazy pictures. */
const NEAR_SCREEN = '300px';

type LazyVideoProps = Omit<ComponentProps<'video'>, 'preload' | 'muted' | 'playsInline' | 'ref'>;

/**
 * A silent video shown as its first frame (a gallery tile, a carousel slide), fetched the way a
 * lazy picture is: nothing while it is far from the screen, then its metadata and first frame.
 * With `preload="metadata"` from the start, Chromium fetched the whole file, three times over in
 * ranges (300 kB for the seed's 100 kB video), with the page's first screen: bandwidth a phone
 * needs for the page itself. The server renders it unfetched too, so hydration matches.
 */
export function LazyVideo(props: LazyVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      // No way to know where it is (an old browser, a test DOM): fetch its first frame now.
      video.preload = 'metadata';
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [near]);

  return <video ref={ref} {...props} muted playsInline preload={near ? 'metadata' : 'none'} />;
}
