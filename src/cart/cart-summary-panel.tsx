import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Cart } from '../api/types';
import { Button } from '../ui/button';
import { formatPrice } from '../lib/format-price';
import { amountRowStyle, amountsStyle, mobileBackStyle, panelStyle } from './panel-styles';
import { PromoChooser } from './promo-chooser';
import { TotalDisplay } from './total-display';
import { useCartBusy } from './use-cart-busy';

export type CartSummaryPanelProps = {
  cart: Cart;
  /** Under the total: e.g. the Checkout button. */
  extra?: ReactNode;
  /** Shows a phone-only "Back" button calling this. */
  onBack?: () => void;
  /**
   * Where the total is: in the panel (default), or nowhere because the cart drawer shows it in
   * its sticky footer with Checkout (`CartTotalFooter`), always in view whatever the lines.
   */
  total?: 'inline' | 'footer';
};

/**
 * Spec §2 "Cart summary panel": subtotal, Tax (10%), the promo section and the total, every
 * amount the server's (D4). The heading shows from medium screens up; on phones it is still
 * there for screen readers.
 */
export function CartSummaryPanel({ cart, extra, onBack, total = 'inline' }: CartSummaryPanelProps) {
  const headingId = useId();
  const busy = useCartBusy();
  return (
    <section aria-labelledby={headingId} className={panelStyle} data-testid="cart-summary">
      <h2
        id={headingId}
        className={css({
          fontSize: 'xl',
          fontWeight: 'bold',
          srOnly: { base: true, md: false },
        })}
      >
        Cart Summary
      </h2>
      <dl className={amountsStyle} aria-busy={busy}>
        <div className={amountRowStyle}>
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatPrice(cart.subtotal)}</dd>
        </div>
        <div className={amountRowStyle}>
          <dt>Tax (10%)</dt>
          <dd data-testid="cart-tax">{formatPrice(cart.tax)}</dd>
        </div>
        {cart.shipMethod ? (
          <div className={amountRowStyle}>
            <dt>Shipping</dt>
            <dd>{formatPrice(cart.shipping)}</dd>
          </div>
        ) : null}
      </dl>
      <PromoChooser cart={cart} />
      {total === 'inline' ? (
        <div className={amountsStyle} aria-busy={busy}>
          <TotalDisplay cart={cart} />
        </div>
      ) : null}
      {extra}
      {onBack ? (
        <Button visual="outline" onClick={onBack} css={mobileBackStyle}>
          Back
        </Button>
      ) : null}
    </section>
  );
}
