import { Button } from '../../components/button';
import { useCartFlow } from '../../components/cart-flow';
import { Dialog } from '../../components/dialog';

/**
 * A stand-in for the checkout branch only: the cart issue builds the real drawer. It keeps the
 * one contract the checkout relies on, a button named "Checkout" calling openCheckout().
 */
export function CartDrawer() {
  const { close, openCheckout } = useCartFlow();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title="My Cart"
      variant="drawer"
    >
      <Button onClick={openCheckout}>Checkout</Button>
    </Dialog>
  );
}
