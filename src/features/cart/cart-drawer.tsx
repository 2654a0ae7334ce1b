import { useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { cartQueries } from '../../api/cart.queries';
import { AppBadges } from '../../components/app-badges';
import { Button } from '../../ui/button';
import { useCartFlow } from '../../cart/cart-flow';
import { focusOrderButton } from '../../cart/order-button-id';
import { CartSummaryPanel } from '../../cart/cart-summary-panel';
import { CartTotalFooter } from '../../cart/cart-total-footer';
import { Dialog } from '../../ui/dialog';
import { CartContent } from './cart-content';

/**
 * The cart drawer (spec §2), shown while the cart flow's view is 'cart'. Back, Escape and the
 * overlay close it; focus then returns to the Order button, unless the shopper went on to the
 * menu or the checkout, where focus belongs to what opens next.
 *
 * Its body scrolls (Back, Delivery Order, the lines, the Cart Summary's amounts and promos) and
 * its footer does not: the total and Checkout stay in view whatever the lines and promos
 * (issue 18), at every width.
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
      {/* Fills what the title leaves of the drawer's height, so only the body scrolls. */}
      <div
        className={css({
          flex: '1',
          minH: '0',
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
        })}
      >
        <div
          data-testid="cart-drawer-body"
          className={css({
            flex: '1',
            minH: '0',
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            gap: { base: '5', md: '6' },
            // Room for focus rings at the scroll edges.
            p: '1',
            m: '-1',
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
            renderSummary={(cart) => <CartSummaryPanel cart={cart} total="footer" />}
          />
        </div>
        <DrawerFooter onCheckout={() => leaveFor(openCheckout)} />
      </div>
    </Dialog>
  );
}

/** The total and Checkout, once the cart has lines (the same cart query as the body's). */
function DrawerFooter({ onCheckout }: { onCheckout: () => void }) {
  const cart = useQuery(cartQueries.detail());
  if (!cart.data || cart.data.cartItems.length === 0) return null;
  return (
    <CartTotalFooter cart={cart.data}>
      <Button size="lg" css={css.raw({ w: 'full' })} onClick={onCheckout}>
        Checkout
      </Button>
    </CartTotalFooter>
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
