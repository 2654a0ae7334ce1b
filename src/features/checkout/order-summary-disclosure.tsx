import { useId, useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { Cart } from '../../api/types';
import { formatPrice } from '../../lib/format-price';
import { OrderItemsPanel } from '../../cart/order-items-panel';
import { panel } from '../../ui/panel';

/**
 * The checkout's order summary on phones and tablets (below `lg`, where the Order Items panel
 * would sit under the steps): Dawn's "Show order summary  $12.49" disclosure at the top, the
 * server's total always in view, opened on demand to show the Order Items panel (lines and the
 * money block). From `lg` up the panel stands beside the steps instead and this is not shown.
 */
export function OrderSummaryDisclosure({ cart }: { cart: Cart }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div
      data-testid="order-summary-disclosure"
      className={css({ display: { base: 'block', lg: 'none' }, minW: '0' })}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
        className={cx(
          panel({ tone: 'muted' }),
          css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
            w: 'full',
            minH: '12',
            px: '4',
            py: '3',
            color: 'text',
            cursor: 'pointer',
            textAlign: 'left',
            _focusVisible: { focusOutline: 'outside' },
          }),
        )}
      >
        <span
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            fontWeight: 'semibold',
            color: 'accent',
          })}
        >
          {open ? 'Hide order summary' : 'Show order summary'}
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            width="14"
            height="14"
            className={css({
              transition: 'transform 0.15s ease',
              transform: open ? 'rotate(180deg)' : 'none',
            })}
          >
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </span>{' '}
        <strong
          data-testid="order-summary-total"
          className={css({
            fontSize: 'lg',
            fontWeight: 'bold',
            fontVariantNumeric: 'tabular-nums',
          })}
        >
          {formatPrice(cart.total)}
        </strong>
      </button>
      <div id={regionId} role="region" aria-label="Order summary" hidden={!open}>
        {open ? (
          <div className={css({ mt: '3' })}>
            <OrderItemsPanel cart={cart} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
