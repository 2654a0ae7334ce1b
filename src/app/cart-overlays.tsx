import { lazy, Suspense } from 'react';
import { useCartFlow } from '../components/cart-flow';

const CartDrawer = lazy(async () => ({
  default: (await import('../features/cart/cart-drawer')).CartDrawer,
}));
const CheckoutOverlay = lazy(async () => ({
  default: (await import('../features/checkout/checkout-overlay')).CheckoutOverlay,
}));

/**
 * The cart drawer and the checkout overlay open over any page (spec §2: from the checkout-open
 * flag, not a route). Each is its own chunk, fetched the first time it opens.
 */
export function CartOverlays() {
  const { view } = useCartFlow();
  return (
    <Suspense fallback={null}>
      {view === 'cart' ? <CartDrawer /> : null}
      {view === 'checkout' ? <CheckoutOverlay /> : null}
    </Suspense>
  );
}
