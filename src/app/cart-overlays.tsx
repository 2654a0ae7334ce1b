import { Suspense, useLayoutEffect } from 'react';
import { useCartFlow } from '../cart/cart-flow';
import { ORDER_BUTTON_ID } from '../cart/order-button-id';
import { lazyPart, PartErrorBoundary } from '../ui/lazy-part';
import { PartLoadError } from '../ui/part-load-error';

const CartDrawer = lazyPart(async () => (await import('../features/cart/cart-drawer')).CartDrawer);
const CheckoutOverlay = lazyPart(
  async () => (await import('../features/checkout/checkout-overlay')).CheckoutOverlay,
);

/**
 * The cart drawer and the checkout overlay open over any page (spec §2: from the checkout-open
 * flag, not a route). Each is its own chunk, fetched the first time it opens; a chunk that
 * cannot be fetched (offline) is retried once, then a message with Retry stands in the
 * overlay's place while the rest of the shop keeps working (issue 16).
 */
export function CartOverlays() {
  const { view, close } = useCartFlow();
  if (view === 'closed') return null;
  const title =
    view === 'cart' ? 'Your cart could not be loaded.' : 'The checkout could not be loaded.';
  return (
    <PartErrorBoundary
      key={view}
      fallback={({ retry }) => (
        <PartLoadError placement="overlay" title={title} onRetry={retry} onClose={close} />
      )}
    >
      <Suspense fallback={<OverlayComing />}>
        {view === 'cart' ? <CartDrawer /> : <CheckoutOverlay />}
      </Suspense>
    </PartErrorBoundary>
  );
}

/**
 * While an overlay's chunk comes (its first opening: about 650 ms on a slow phone), the header's
 * Order button, where the cart flow starts, shows the pending look of a tap held before hydration
 * (`data-pending`, ADR-0060; the app's own rule in panda.config.ts) and is busy to assistive
 * technology (`aria-busy`, as every pending button of the shop): a tap is never met by nothing
 * (issue 27). The button renders neither attribute, so React never sets them back.
 */
function OverlayComing() {
  useLayoutEffect(() => {
    const button = document.getElementById(ORDER_BUTTON_ID);
    button?.toggleAttribute('data-pending', true);
    button?.setAttribute('aria-busy', 'true');
    return () => {
      button?.toggleAttribute('data-pending', false);
      button?.removeAttribute('aria-busy');
    };
  }, []);
  return null;
}
