import { useId, useRef } from 'react';
import { css } from 'styled-system/css';
import { AppBadges } from '../../components/app-badges';
import { Button } from '../../components/button';
import { useCartFlow } from '../../components/cart-flow';
import { focusOrderButton } from '../../components/cart/order-button-id';
import { CartSummaryPanel } from '../../components/cart/cart-summary-panel';
import { Dialog } from '../../components/dialog';
import { CartContent } from './cart-content';

/**
 * The cart drawer (spec §2), shown while the cart flow's view is 'cart'. Back, Escape and the
 * overlay close it; focus then returns to the Order button, unless the shopper went on to the
 * menu or the checkout, where focus belongs to what opens next.
 */
export function CartDrawer() {
  const { close, openCheckout } = useCartFlow();
  const returnFocus = useRef(true);
  const leaveFor = (next: () => void) => {
    returnFocus.current = false;
    next();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="My Cart"
      variant="drawer"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (returnFocus.current) focusOrderButton();
      }}
    >
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: { base: '5', md: '6' },
        })}
      >
        <div>
          <Button visual="outline" size="sm" onClick={close}>
            <span aria-hidden="true">←</span> Back
          </Button>
        </div>
        <DeliveryOrder />
        <CartContent
          bounded
          onGoToMenu={() => leaveFor(close)}
          renderSummary={(cart) => (
            <CartSummaryPanel
              cart={cart}
              extra={
                <Button
                  size="lg"
                  css={css.raw({ w: 'full' })}
                  onClick={() => leaveFor(openCheckout)}
                >
                  Checkout
                </Button>
              }
            />
          )}
        />
      </div>
    </Dialog>
  );
}

function DeliveryOrder() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={css({
        display: 'flex',
        flexDirection: { base: 'column', sm: 'row' },
        alignItems: { base: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: '3',
        p: '4',
        bg: 'surfaceMuted',
        borderRadius: 'xl',
      })}
    >
      <div>
        <h3 id={headingId} className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
          Delivery Order
        </h3>
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>Get 20% Off in the App</p>
      </div>
      <AppBadges />
    </section>
  );
}
