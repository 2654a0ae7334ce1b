import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Cart } from '../api/types';
import { amountsStyle } from './panel-styles';
import { TotalDisplay } from './total-display';
import { useCartBusy } from './use-cart-busy';

/**
 * The cart drawer's footer (issue 18): the Cart Summary's total and the action under it (the
 * Checkout button), kept at the bottom of the drawer while its lines and promos scroll above,
 * as Dawn's cart drawer does. From large screens it lines up with the summary column.
 */
export function CartTotalFooter({ cart, children }: { cart: Cart; children: ReactNode }) {
  const busy = useCartBusy();
  return (
    <div
      data-testid="cart-drawer-footer"
      className={css({
        flexShrink: 0,
        bg: 'surface',
        pt: '1',
      })}
    >
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          w: 'full',
          lg: { w: '24rem', ml: 'auto' },
        })}
      >
        <div className={amountsStyle} aria-busy={busy}>
          <TotalDisplay cart={cart} />
        </div>
        {children}
      </div>
    </div>
  );
}
