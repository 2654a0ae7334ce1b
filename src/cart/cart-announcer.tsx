import { createContext, useContext, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Cart } from '../api/types';
import { cartChangeWords, type CartChange } from './cart-text';
import { useCartBusy } from './use-cart-busy';

type CartAnnounce = {
  /** A change was asked for: say it once the server's cart after it is in, with the total. */
  changed: (change: CartChange) => void;
  /** The change failed (its toast says why): say nothing for it. */
  cancel: () => void;
  /** Say these words now (an answer already in hand, or a refusal without a new total). */
  say: (words: string) => void;
};

const noAnnouncer: CartAnnounce = { changed: () => {}, cancel: () => {}, say: () => {} };
const CartAnnounceContext = createContext<CartAnnounce>(noAnnouncer);

/** What a cart view calls to have a change spoken by the cart's one live region. */
export function useCartAnnounce(): CartAnnounce {
  return useContext(CartAnnounceContext);
}

/**
 * The cart's one polite live region (issue 30): each change (quantity, removal, promo) is said
 * once, in words, with the server's total: "Cappuccino, quantity 3. Total $14.85". A change is
 * held until no cart change is on its way and the cached cart is newer than the click, so rapid
 * clicks are said once, with the quantity the server kept. Failures are said by their toast.
 */
export function CartAnnouncer({
  cart,
  updatedAt,
  children,
}: {
  cart: Cart;
  /** When the cached cart was last written (the query's dataUpdatedAt). */
  updatedAt: number;
  children: ReactNode;
}) {
  const busy = useCartBusy();
  const [pending, setPending] = useState<{ change: CartChange; since: number } | null>(null);
  const [words, setWords] = useState('');
  const [announce] = useState<CartAnnounce>(() => ({
    changed: (change) => setPending({ change, since: Date.now() }),
    cancel: () => setPending(null),
    say: (next) => {
      setPending(null);
      setWords(next);
    },
  }));
  // The server's answer is in: say the change with it (state adjusted while rendering).
  if (pending && !busy && updatedAt >= pending.since) {
    setPending(null);
    setWords(cartChangeWords(pending.change, cart));
  }
  return (
    <CartAnnounceContext.Provider value={announce}>
      <p
        role="status"
        aria-live="polite"
        data-testid="cart-announcer"
        className={css({ srOnly: true })}
      >
        {words}
      </p>
      {children}
    </CartAnnounceContext.Provider>
  );
}
