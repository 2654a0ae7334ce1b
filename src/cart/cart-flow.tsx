import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The app's checkout-open flag (spec §4 "Drawer"): the cart drawer and the checkout overlay are
 * not routes, they open over whatever page the shopper is on. 'cart' shows the drawer,
 * 'checkout' the checkout overlay, 'closed' neither.
 */
export type CartFlowView = 'closed' | 'cart' | 'checkout';

export type CartFlow = {
  view: CartFlowView;
  openCart: () => void;
  openCheckout: () => void;
  close: () => void;
};

const CartFlowContext = createContext<CartFlow | null>(null);

export function CartFlowProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<CartFlowView>('closed');
  const flow = useMemo<CartFlow>(
    () => ({
      view,
      openCart: () => setView('cart'),
      openCheckout: () => setView('checkout'),
      close: () => setView('closed'),
    }),
    [view],
  );
  return <CartFlowContext.Provider value={flow}>{children}</CartFlowContext.Provider>;
}

export function useCartFlow(): CartFlow {
  const flow = useContext(CartFlowContext);
  if (!flow) throw new Error('useCartFlow must be used inside <CartFlowProvider>');
  return flow;
}
