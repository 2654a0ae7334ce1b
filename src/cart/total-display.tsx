import { css, cx } from 'styled-system/css';
import type { Cart } from '../api/types';
import { formatPrice } from '../lib/format-price';
import { VisuallyHidden } from '../ui/visually-hidden';
import { amountBeforeDiscount, hasDiscount } from './cart-text';

/**
 * Spec §4 "Total display": with a discount, the total large with the pre-discount amount
 * (the total plus the discount, D9) struck through; without one, only the total. A strike-through is not read
 * out, so screen readers hear "before discount" instead.
 */
export function TotalDisplay({ cart }: { cart: Cart }) {
  const discounted = hasDiscount(cart);
  return (
    <div
      className={css({
        display: 'flex',
        alignItems: 'baseline',
        justifyContent: 'space-between',
        gap: '3',
        pt: '3',
        borderTopWidth: '1px',
        borderColor: 'border',
      })}
    >
      <span className={css({ fontWeight: 'bold', fontSize: 'lg' })}>Total</span>
      <span
        className={css({
          display: 'flex',
          alignItems: 'baseline',
          gap: '2',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
        })}
      >
        {discounted ? (
          <s
            data-testid="cart-total-before-discount"
            className={css({ color: 'textMuted', fontSize: 'md' })}
          >
            <VisuallyHidden>Before discount </VisuallyHidden>
            {formatPrice(amountBeforeDiscount(cart))}
          </s>
        ) : null}
        <strong
          data-testid="cart-total"
          className={cx(
            css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }),
            discounted
              ? css({ fontSize: '2xl', color: 'accent' })
              : css({ fontSize: 'xl', color: 'text' }),
          )}
        >
          {formatPrice(cart.total)}
        </strong>
      </span>
    </div>
  );
}
