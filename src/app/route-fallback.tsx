import { css } from 'styled-system/css';
import { Spinner } from '../ui/spinner';

/**
 * Shown while a route's chunk loads. It fills the window below the header, so the footer stays
 * out of sight and nothing on screen moves when the page arrives (no layout shift); the spinner
 * waits a moment before showing, so a fast load shows no flash at all.
 */
export function RouteFallback() {
  return (
    <div
      aria-busy="true"
      data-testid="route-fallback"
      className={css({
        minH: { base: 'calc(100dvh - 4rem)', lg: 'calc(100dvh - 5rem)' },
        display: 'grid',
        placeItems: 'center',
        animation: 'fadeIn 0.2s ease 0.3s both',
        _motionReduce: { animation: 'none' },
      })}
    >
      <Spinner label="Loading" />
    </div>
  );
}
