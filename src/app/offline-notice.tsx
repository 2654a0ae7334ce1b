import { useSyncExternalStore } from 'react';
import { css } from 'styled-system/css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (its `online` and `offline` events). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * "You are offline", for as long as the browser is (issue 16), right under the header: the
 * shopper knows why a page or an action does not answer, before trying it.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className={css({
        position: 'sticky',
        top: { base: '16', lg: '20' },
        zIndex: 19,
        px: 'gutter',
        py: '2',
        bg: 'inverse',
        color: 'inverseText',
        fontSize: 'sm',
        textAlign: 'center',
      })}
    >
      <strong>You are offline.</strong> Your cart is kept; what needs the shop works again once you
      are back online.
    </div>
  );
}
