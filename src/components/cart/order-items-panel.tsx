import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Cart } from '../../api/types';
import { Button } from '../button';
import { categoryLabel } from '../category-labels';
import { formatPrice } from '../format-price';

export type OrderItemsPanelProps = {
  cart: Cart;
  /** Under the total. */
  extra?: ReactNode;
  /** Shows a phone-only "Back" button calling this. */
  onBack?: () => void;
};

const rowStyle = css({ display: 'flex', justifyContent: 'space-between', gap: '3' });

/**
 * Spec §2 "Order items panel": one line per item, then tax, shipping, promo and total, all the
 * server's numbers. A minimal version for the checkout branch; the cart issue's panel (same
 * path, same props) replaces it.
 */
export function OrderItemsPanel({ cart, extra, onBack }: OrderItemsPanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="order-items"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        p: { base: '4', md: '6' },
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border',
        bg: 'surface',
      })}
    >
      <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        Order Items
      </h2>
      <ul
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' })}
      >
        {cart.cartItems.map((item) => (
          <li
            key={item.cartItemId}
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
              <p
                className={css({
                  fontWeight: 'semibold',
                  fontSize: 'sm',
                  textTransform: 'uppercase',
                })}
              >
                {item.productName}
              </p>
              <p className={css({ fontSize: 'xs', color: 'textMuted' })}>
                {categoryLabel(item.productCategory)}
              </p>
              <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
                {item.quantity} x ${item.price.toFixed(0)},00
              </p>
            </div>
            <span className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
              {formatPrice(item.lineTotal)}
            </span>
          </li>
        ))}
      </ul>
      <dl
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
          pt: '3',
          borderTopWidth: '1px',
          borderColor: 'border',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        <div className={rowStyle}>
          <dt>Tax (10%)</dt>
          <dd>{formatPrice(cart.tax)}</dd>
        </div>
        <div className={rowStyle}>
          <dt>Shipping</dt>
          <dd data-testid="order-items-shipping">{formatPrice(cart.shipping)}</dd>
        </div>
        {cart.promo && cart.discount > 0 ? (
          <div className={rowStyle}>
            <dt>Promo ({cart.promo.code})</dt>
            <dd>-{formatPrice(cart.discount)}</dd>
          </div>
        ) : null}
        <div
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            fontWeight: 'bold',
            fontSize: 'lg',
          })}
        >
          <dt>Total</dt>
          <dd data-testid="order-items-total">{formatPrice(cart.total)}</dd>
        </div>
      </dl>
      {extra}
      {onBack ? (
        <Button
          visual="outline"
          onClick={onBack}
          css={css.raw({ display: { base: 'inline-flex', md: 'none' } })}
        >
          Back
        </Button>
      ) : null}
    </section>
  );
}
