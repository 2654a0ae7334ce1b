import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Cart } from '../api/types';
import { Button } from '../ui/button';
import { formatDiscount, formatPrice } from '../lib/format-price';
import { formatItemPrice, hasDiscount, lineName, lineSubtitle } from './cart-text';
import { amountRowStyle, amountsStyle, mobileBackStyle, panelStyle } from './panel-styles';
import { TotalDisplay } from './total-display';
import { useCartBusy } from './use-cart-busy';

export type OrderItemsPanelProps = {
  cart: Cart;
  /** Under the total. */
  extra?: ReactNode;
  /** Shows a phone-only "Back" button calling this. */
  onBack?: () => void;
};

/**
 * Spec §2 "Order items panel" (the checkout shows it beside its steps): one line per item, then
 * tax, shipping, promo and total, all the server's numbers. Item prices read "$5,00" as the spec
 * asks (see formatItemPrice); line totals and the sums keep the site's "$10.00".
 */
export function OrderItemsPanel({ cart, extra, onBack }: OrderItemsPanelProps) {
  const headingId = useId();
  const busy = useCartBusy();
  return (
    <section aria-labelledby={headingId} className={panelStyle} data-testid="order-items">
      <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        Order Items
      </h2>
      <ul
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' })}
      >
        {cart.cartItems.map((item) => (
          <li
            key={item.cartItemId}
            data-testid="order-item"
            className={css({ display: 'flex', gap: '3', alignItems: 'center' })}
          >
            {item.imageUrl ? (
              <img
                src={item.imageUrl}
                alt=""
                width={48}
                height={48}
                className={css({
                  w: '12',
                  h: '12',
                  borderRadius: 'md',
                  objectFit: 'cover',
                  flexShrink: 0,
                })}
              />
            ) : null}
            <div className={css({ flex: '1', minW: '0' })}>
              <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{lineName(item)}</p>
              <p className={css({ fontSize: 'xs', color: 'textMuted' })}>{lineSubtitle(item)}</p>
              <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
                {item.quantity} × {formatItemPrice(item.price)}
              </p>
            </div>
            <span className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
              {formatPrice(item.lineTotal)}
            </span>
          </li>
        ))}
      </ul>
      <div className={amountsStyle} aria-busy={busy}>
        <dl className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <div className={amountRowStyle}>
            <dt>Subtotal</dt>
            <dd>{formatPrice(cart.subtotal)}</dd>
          </div>
          <div className={amountRowStyle}>
            <dt>Tax (10%)</dt>
            <dd>{formatPrice(cart.tax)}</dd>
          </div>
          <div className={amountRowStyle}>
            <dt>Shipping</dt>
            <dd data-testid="order-items-shipping">
              {cart.shipMethod ? formatPrice(cart.shipping) : 'Not chosen yet'}
            </dd>
          </div>
          <div className={amountRowStyle}>
            <dt>Promo</dt>
            <dd data-testid="order-items-promo">
              {hasDiscount(cart) && cart.promo
                ? `${cart.promo.code} ${formatDiscount(cart.discount)}`
                : 'None'}
            </dd>
          </div>
        </dl>
        <TotalDisplay cart={cart} />
      </div>
      {extra}
      {onBack ? (
        <Button visual="outline" onClick={onBack} css={mobileBackStyle}>
          Back
        </Button>
      ) : null}
    </section>
  );
}
