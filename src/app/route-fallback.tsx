import { css } from 'styled-system/css';
import { Spinner } from '../components/spinner';

/** Shown while a route's chunk loads: takes the page's room so the footer does not jump. */
export function RouteFallback() {
  return (
    <div className={css({ minH: '60vh', display: 'grid', placeItems: 'center' })} aria-busy="true">
      <Spinner label="Loading" />
    </div>
  );
}
