import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { claimHistoryTraversal, requestRouteFocus } from '../lib/route-focus';
import { PaymentRecovery } from '../features/order-confirmation/payment-recovery';
import { CartOverlays } from './cart-overlays';
import { OfflineNotice } from './offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const skipLinkStyle = css({
  position: 'absolute',
  left: '4',
  top: '-20',
  zIndex: 50,
  px: '4',
  py: '2',
  bg: 'accent',
  color: 'accentText',
  borderRadius: 'md',
  fontWeight: 'semibold',
  _focus: { top: '3', focusOutline: 'contrast' },
});

/**
 * After an in-app navigation, focus moves to the new page's <h1> (PageTitle), or to <main> while
 * the page has none yet, so keyboard and screen-reader users start at the new content and the
 * view scrolls back to the top. The first render keeps the browser's own focus.
 */
function useFocusOnNavigation() {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    // Back/Forward keep the scroll the page restores (route-focus.ts); a new page starts at the top.
    const keepScroll = claimHistoryTraversal();
    const main = document.getElementById('main');
    const title = main?.querySelector<HTMLElement>('[data-page-title]');
    if (title) {
      title.focus({ preventScroll: keepScroll });
      return;
    }
    // The page is still loading: hold focus on <main> and let its title take it when it mounts.
    main?.focus({ preventScroll: keepScroll });
    requestRouteFocus(keepScroll);
  }, [location]);
}

export function Layout({ children }: { children: ReactNode }) {
  useFocusOnNavigation();
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={skipLinkStyle}>
        Skip to main content
      </a>
      <SiteHeader />
      <OfflineNotice />
      <main
        id="main"
        tabIndex={-1}
        className={css({ flex: '1', w: 'full', _focus: { outline: 'none' } })}
      >
        {children}
      </main>
      <SiteFooter />
      <CartOverlays />
      <PaymentRecovery />
    </div>
  );
}
