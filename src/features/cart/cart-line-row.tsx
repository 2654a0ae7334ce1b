import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { css, cx } from 'styled-system/css';
import { cartMutations } from '../../api/cart.mutations';
import type { CartItem } from '../../api/types';
import { lineName, lineSubtitle } from '../../cart/cart-text';
import { formatPrice } from '../../lib/format-price';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { cartMutationFailure } from '../../cart/cart-messages';
import { useCartAnnounce } from '../../cart/cart-announcer';
import { useCartLine } from './use-cart-line';

const stepperButton = css({
  display: 'grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  color: 'text',
  fontSize: 'lg',
  fontWeight: 'bold',
  lineHeight: '1',
  cursor: 'pointer',
  _hover: { bg: 'surfaceMuted' },
  _focusVisible: { focusOutline: 'outside' },
  _disabled: { opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'surface' } },
});

export type CartLineRowProps = {
  item: CartItem;
  /** Called once the server removed the line, to put focus somewhere that still exists. */
  onRemoved: () => void;
};

/**
 * A cart line (spec §2): image, name in upper case, brand and category, "$price.00", plus and
 * minus (minus disabled at 1), remove, and the line subtotal. The quantity is the one the
 * shopper asked for, shown at once; the money is the server's last answer, dimmed while a change
 * is on its way.
 */
export function CartLineRow({ item, onRemoved }: CartLineRowProps) {
  const queryClient = useQueryClient();
  const line = useCartLine(item);
  const name = lineName(item);
  const remove = useMutation(cartMutations(queryClient).removeItem);

  const announce = useCartAnnounce();
  const { productName, cartItemId } = item;

  const onRemove = () => {
    announce.changed({ kind: 'removed', productName });
    remove.mutate(cartItemId, {
      onSuccess: onRemoved,
      onError: (error) => {
        announce.cancel();
        toast.error(cartMutationFailure(error));
      },
    });
  };

  return (
    <li
      data-testid="cart-line"
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '4rem 1fr', sm: '5rem 1fr auto' },
        gap: { base: '3', md: '4' },
        alignItems: 'center',
        py: '4',
        borderBottomWidth: '1px',
        borderColor: 'border',
        _last: { borderBottomWidth: '0' },
      })}
    >
      {item.imageUrl ? (
        <img
          src={item.imageUrl}
          alt=""
          width={80}
          height={80}
          className={css({
            w: { base: '16', sm: '20' },
            h: { base: '16', sm: '20' },
            objectFit: 'cover',
            borderRadius: 'lg',
            bg: 'surfaceMuted',
          })}
        />
      ) : (
        <span
          aria-hidden="true"
          className={css({
            w: { base: '16', sm: '20' },
            h: { base: '16', sm: '20' },
            borderRadius: 'lg',
            bg: 'surfaceMuted',
          })}
        />
      )}
      <div className={css({ minW: '0' })}>
        <h3
          data-testid="line-name"
          className={css({
            fontWeight: 'bold',
            fontSize: 'md',
            letterSpacing: 'wide',
            overflowWrap: 'anywhere',
          })}
        >
          {name}
        </h3>
        <p data-testid="line-subtitle" className={css({ fontSize: 'xs', color: 'textMuted' })}>
          {lineSubtitle(item)}
        </p>
        <p
          data-testid="line-price"
          className={css({ fontSize: 'sm', color: 'accent', fontWeight: 'semibold' })}
        >
          {formatPrice(item.price)}
        </p>
      </div>
      <div
        className={css({
          gridColumn: { base: '1 / -1', sm: 'auto' },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: { base: '3', md: '5' },
        })}
      >
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <button
            type="button"
            className={stepperButton}
            aria-label={`Decrease quantity of ${name}`}
            disabled={!line.canDecrease || remove.isPending}
            onClick={() => {
              line.decrease();
              announce.changed({ kind: 'quantity', cartItemId, productName });
            }}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span
            data-testid="line-quantity"
            className={css({
              minW: '8',
              textAlign: 'center',
              fontWeight: 'bold',
              fontVariantNumeric: 'tabular-nums',
            })}
          >
            <VisuallyHidden>Quantity </VisuallyHidden>
            {line.quantity}
          </span>
          <button
            type="button"
            className={stepperButton}
            aria-label={`Increase quantity of ${name}`}
            disabled={!line.canIncrease || remove.isPending}
            onClick={() => {
              line.increase();
              announce.changed({ kind: 'quantity', cartItemId, productName });
            }}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <span
          data-testid="line-total"
          aria-busy={line.saving}
          className={cx(
            css({
              minW: '20',
              textAlign: 'right',
              fontWeight: 'bold',
              fontVariantNumeric: 'tabular-nums',
              transition: 'opacity 0.15s ease',
            }),
            line.saving ? css({ opacity: 0.5 }) : undefined,
          )}
        >
          <VisuallyHidden>Line subtotal </VisuallyHidden>
          {formatPrice(item.lineTotal)}
        </span>
        <button
          type="button"
          aria-label={`Remove ${name}`}
          // Not while a quantity change is out: a removal overtaking it would answer "not found".
          disabled={remove.isPending || line.saving}
          onClick={onRemove}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '1.5',
            px: '2',
            minH: '10',
            borderRadius: 'md',
            color: 'danger',
            fontSize: 'sm',
            fontWeight: 'semibold',
            cursor: 'pointer',
            _hover: { bg: 'surfaceMuted' },
            _focusVisible: { focusOutline: 'outside' },
            _disabled: { opacity: 0.5, cursor: 'progress' },
          })}
        >
          <TrashIcon />
          <span>Remove</span>
        </button>
      </div>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
      />
    </svg>
  );
}
