import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { cartQueries } from '../../api/cart.queries';
import type { Cart } from '../../api/types';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { CartAnnouncer } from '../../cart/cart-announcer';
import { CartLineList } from './cart-line-list';

export type CartContentProps = {
  /** The drawer's list scrolls inside a bounded height. */
  bounded?: boolean;
  onGoToMenu?: () => void;
  /** The Cart Summary beside the lines (stacked under them on phones); none for an empty cart. */
  renderSummary: (cart: Cart) => ReactNode;
};

/**
 * The cart as the drawer and the /cart page both show it: loading, failure, empty, or lines, under
 * the cart's one live region (lines and promos say their changes through it).
 */
export function CartContent({ bounded, onGoToMenu, renderSummary }: CartContentProps) {
  const cart = useQuery(cartQueries.detail());

  if (cart.isPending) return <Spinner label="Loading your cart..." showLabel />;
  if (cart.isError) {
    return (
      <div
        role="alert"
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          alignItems: 'flex-start',
        })}
      >
        <p>Your cart could not be loaded. {cart.error.message}</p>
        <Button visual="outline" onClick={() => void cart.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const empty = cart.data.cartItems.length === 0;
  return (
    <CartAnnouncer cart={cart.data} updatedAt={cart.dataUpdatedAt}>
      <div
        className={cx(
          css({
            display: 'grid',
            gridTemplateColumns: '1fr',
            gap: { base: '6', lg: '8' },
            alignItems: 'start',
          }),
          empty ? undefined : css({ lg: { gridTemplateColumns: 'minmax(0, 1fr) 24rem' } }),
        )}
      >
        <CartLineList cart={cart.data} bounded={bounded} onGoToMenu={onGoToMenu} />
        {empty ? null : renderSummary(cart.data)}
      </div>
    </CartAnnouncer>
  );
}
