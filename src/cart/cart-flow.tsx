import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import { checkoutStepIn, withCheckoutStep } from '../lib/checkout-step';

/**
 * The app's checkout-open flag (spec §4 "Drawer"): the cart drawer and the checkout overlay are
 * not routes, they open over whatever page the shopper is on. 'cart' shows the drawer,
 * 'checkout' the checkout overlay, 'closed' neither. The checkout is open while the address
 * names its step (`?step=details`, ADR-0057), so browser Back and a reload follow it.
 */
type CartFlowView = 'closed' | 'cart' | 'checkout';

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

const noSubscription = () => () => undefined;

/** False on the server and while hydrating: the checkout is the browser's alone. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function CartFlowProvider({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [resumingPayment, setResumingPayment] = useState(false);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const inCheckout = useInBrowser() && checkoutStepIn(search) !== null;
  const view: CartFlowView = inCheckout ? 'checkout' : drawerOpen ? 'cart' : 'closed';
  const flow = useMemo<CartFlow>(() => {
    const showCheckout = (resuming: boolean) => {
      setResumingPayment(resuming);
      setDrawerOpen(false);
      navigate(withCheckoutStep(path, search, 'details'));
    };
    return {
      view,
      resumingPayment,
      openCart: () => {
        setResumingPayment(false);
        setDrawerOpen(true);
      },
      openCheckout: () => showCheckout(false),
      resumePayment: () => showCheckout(true),
      close: () => {
        setResumingPayment(false);
        setDrawerOpen(false);
        if (inCheckout) navigate(withCheckoutStep(path, search, null));
      },
    };
  }, [view, resumingPayment, inCheckout, path, search, navigate]);
  return <CartFlowContext.Provider value={flow}>{children}</CartFlowContext.Provider>;
}

export function useCartFlow(): CartFlow {
  const flow = useContext(CartFlowContext);
  if (!flow) throw new Error('useCartFlow must be used inside <CartFlowProvider>');
  return flow;
}
