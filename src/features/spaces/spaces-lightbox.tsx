import { useEffect, useRef } from 'react';
import Lightbox, {
  IconButton,
  createIcon,
  type Slide,
  type ZoomRef,
} from 'yet-another-react-lightbox';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { css } from 'styled-system/css';

/** Spec §9: the lightbox zooms in steps of 1 (1×, 2×, 3×...) and preloads 2 slides each side. */
const ZOOM_STEP = 1;
const PRELOAD_SLIDES = 2;
/**
 * The art is SVG, sharp at any size, so zoom is bounded by use rather than by pixels: up to
 * four times the image's own size on screen.
 */
const MAX_ZOOM_PIXEL_RATIO = 4;

const ZoomInIcon = createIcon(
  'ZoomIn',
  <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm1 2v2h2v2h-2v2H9v-2H7V9h2V7h2Z" />,
);
const ZoomOutIcon = createIcon(
  'ZoomOut',
  <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10ZM7 9h6v2H7V9Z" />,
);

/**
 * The library's own zoom multiplies (1×, 2×, 4×); the spec's step is additive. These buttons and
 * the +/- keys change the zoom by ZOOM_STEP within the plugin's bounds.
 */
function stepZoom(zoom: ZoomRef | null, direction: 1 | -1): void {
  if (!zoom || zoom.disabled) return;
  zoom.changeZoom(zoom.zoom + direction * ZOOM_STEP);
}

function ZoomButtons({ zoom }: { zoom: ZoomRef }) {
  return (
    <>
      <IconButton
        label="Zoom in"
        icon={ZoomInIcon}
        disabled={zoom.disabled || zoom.zoom >= zoom.maxZoom}
        onClick={() => stepZoom(zoom, 1)}
      />
      <IconButton
        label="Zoom out"
        icon={ZoomOutIcon}
        disabled={zoom.disabled || zoom.zoom <= zoom.minZoom}
        onClick={() => stepZoom(zoom, -1)}
      />
    </>
  );
}

const lightboxStyle = css({
  '& .yarl__button:focus-visible': {
    focusOutline: 'inside',
    borderRadius: 'md',
  },
  '& .yarl__button:disabled': { opacity: 0.4, cursor: 'default' },
});

export type SpacesLightboxProps = {
  slides: Slide[];
  /** The slide shown; -1 keeps the lightbox closed. */
  index: number;
  onClose: () => void;
  /** After the closing animation: where the page puts focus back. */
  onClosed: () => void;
};

export function SpacesLightbox({ slides, index, onClose, onClosed }: SpacesLightboxProps) {
  const zoomRef = useRef<ZoomRef>(null);
  const open = index >= 0;

  // The plugin's +/- keys multiply; this listener runs first (capture phase, on the document)
  // and steps by ZOOM_STEP instead. Other keys (arrows, Escape) go on to the lightbox.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
      if (direction === 0 || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      stepZoom(zoomRef.current, direction);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  return (
    <Lightbox
      open={open}
      index={Math.max(index, 0)}
      close={onClose}
      slides={slides}
      plugins={[Zoom, Video]}
      carousel={{ preload: PRELOAD_SLIDES }}
      zoom={{ ref: zoomRef, maxZoomPixelRatio: MAX_ZOOM_PIXEL_RATIO, scrollToZoom: false }}
      video={{ controls: true, playsInline: true, preload: 'metadata' }}
      render={{ buttonZoom: (zoom) => <ZoomButtons zoom={zoom} /> }}
      on={{ exited: onClosed }}
      className={lightboxStyle}
      labels={{ Lightbox: 'Spaces gallery', 'Photo gallery': 'Spaces' }}
    />
  );
}
