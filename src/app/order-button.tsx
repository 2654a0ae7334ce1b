import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { cartQueries } from '../api/cart.queries';
import { buttonClassName } from '../ui/button';
import { useCartFlow } from '../cart/cart-flow';
import { ORDER_BUTTON_ID } from '../cart/order-button-id';
import { paths } from '../lib/paths';

/**
 * Spec §2: the Order button shows the cart's total quantity and opens the cart drawer. It is a
 * link to the cart page (ADR-0060): on a rendered page tapped before the app runs, it opens the
 * cart there; once the app runs, a click opens the drawer instead (a middle click still opens
 * the page in a new tab; modifier keys are not checked: the first visit's budget had no room).
 * No cart yet, or a failed request, counts 0. The count is the server's `totalQuantity`: during quick
 * plus/minus clicks it follows each answer rather than the clicks, so it always agrees with the
 * money the server has computed for the same cart (the drawer's lines show the clicks at once).
 */
export function OrderButton() {
  const { data: cart } = useQuery(cartQueries.detail());
  const { openCart } = useCartFlow();
  const count = cart?.totalQuantity ?? 0;
  return (
    <a
      href={paths.cart()}
      id={ORDER_BUTTON_ID}
      className={buttonClassName({ visual: 'outline', size: 'sm' }, undefined, undefined)}
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        openCart();
      }}
      data-testid="order-button"
      aria-label={`Order, ${count} ${count === 1 ? 'item' : 'items'} in cart`}
    >
      <BagIcon />
      <span>Order</span>{' '}
      {/* The space keeps "Order 2" two words, so the visible text is part of the label (WCAG 2.5.3). */}
      <span
        data-testid="order-count"
        className={css({
          minW: '5',
          h: '5',
          px: '1.5',
          display: 'inline-grid',
          placeItems: 'center',
          borderRadius: 'full',
          bg: 'accent',
          color: 'accentText',
          fontSize: 'xs',
          fontWeight: 'bold',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {count}
      </span>
    </a>
  );
}

function BagIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={css({ w: '4', h: '4', display: { base: 'none', sm: 'block' } })}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2"
      />
    </svg>
  );
}
