import { useId, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import type { Cart } from '../../api/types';
import { LinkButton } from '../../ui/link-button';
import { paths } from '../../lib/paths';
import { CartLineRow } from './cart-line-row';
import { EMPTY_CART_TEXT } from '../../cart/cart-messages';

export type CartLineListProps = {
  cart: Cart;
  /** The drawer's list scrolls inside (spec §9: 420 px on phones, 500 px from medium up). */
  bounded?: boolean;
  /** Called when the shopper follows "Go to Menu" (the drawer closes itself). */
  onGoToMenu?: () => void;
};

/**
 * The cart's lines, or the empty-cart message. Quantity changes and removals are said by the
 * cart's one live region (`CartAnnouncer`, around the whole cart).
 */
export function CartLineList({ cart, bounded = false, onGoToMenu }: CartLineListProps) {
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  // A removed line takes its focused Remove button with it: keep focus in the list.
  const keepFocus = () => container.current?.focus();

  return (
    <div
      ref={container}
      tabIndex={-1}
      className={css({ minW: '0', _focus: { outline: 'none' } })}
      data-testid="cart-lines"
    >
      {cart.cartItems.length === 0 ? (
        <div
          className={css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            gap: '4',
            py: '8',
          })}
        >
          <p className={css({ fontSize: 'lg', color: 'textMuted' })}>{EMPTY_CART_TEXT}</p>
          <LinkButton href={paths.menu()} onClick={onGoToMenu}>
            Go to Menu
          </LinkButton>
        </div>
      ) : (
        <>
          {/* Keeps the outline whole (page h1 or dialog title, then this, then each line). */}
          <h2 id={headingId} className={css({ srOnly: true })}>
            Items in your cart
          </h2>
          <ul
            aria-labelledby={headingId}
            className={cx(
              css({ listStyle: 'none', pr: '1' }),
              bounded
                ? css({ maxH: { base: '420px', md: '500px' }, overflowY: 'auto' })
                : undefined,
            )}
          >
            {cart.cartItems.map((item) => (
              <CartLineRow key={item.cartItemId} item={item} onRemoved={keepFocus} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
