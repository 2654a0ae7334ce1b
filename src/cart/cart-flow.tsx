import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The app's checkout-open flag (spec §4 "Drawer"): the cart drawer and the checkout overlay are
 * not routes, they open over whatever page the shopper is on. 'cart' shows the drawer,
 * 'checkout' the checkout overlay, 'closed' neither.
 */
export type CartFlowView = 'closed' | 'cart' | 'checkout';

export type CartFlow = {
  view: CartFlowView;
  /**
   * The checkout was opened to pay a placed order again ("Pay now"): with step 0's details kept
   * in this tab and a shipping method in the cart, it goes straight to Payment (ADR-0050).
   */
  resumingPayment: boolean;
  openCart: () => void;
  openCheckout: () => void;
  /** Opens the checkout to pay the order this tab's payment attempt placed. */
  resumePayment: () => void;
  close: () => void;
};

const CartFlowContext = createContext<CartFlow | null>(null);

export function CartFlowProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<CartFlowView>('closed');
  const [resumingPayment, setResumingPayment] = useState(false);
  const flow = useMemo<CartFlow>(
    () => ({
      view,
      resumingPayment,
      openCart: () => {
        setResumingPayment(false);
        setView('cart');
      },
      openCheckout: () => {
        setResumingPayment(false);
        setView('checkout');
      },
      resumePayment: () => {
        setResumingPayment(true);
        setView('checkout');
      },
      close: () => {
        setResumingPayment(false);
        setView('closed');
      },
    }),
    [view, resumingPayment],
  );
  return <CartFlowContext.Provider value={flow}>{children}</CartFlowContext.Provider>;
}

export function useCartFlow(): CartFlow {
  const flow = useContext(CartFlowContext);
  if (!flow) throw new Error('useCartFlow must be used inside <CartFlowProvider>');
  return flow;
}
