import { css } from 'styled-system/css';
import type { Cart, Product } from '../../api/types';
import { Button } from '../../ui/button';
import { lineName } from '../../cart/cart-text';
import { Dialog, DialogClose } from '../../ui/dialog';
import { displayName } from '../../lib/display-name';
import { formatPrice } from '../../lib/format-price';

export type AddedToCartDialogProps = {
  product: Product;
  /** The cart the add answered with (the server's line: its quantity and line total, D4). */
  cart: Cart | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onViewCart: () => void;
  onCheckout: () => void;
  /** Where focus goes once it closes (Radix has no trigger to return it to here). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The add-to-cart success modal (spec §2 and §8: its title and Close and View Cart kept), which
 * confirms usefully as Dawn's does (issue 18): the item's image, its quantity and line total in
 * the cart as the server has it now, and Checkout beside View Cart. A Radix dialog: focus stays
 * inside, Escape and Close dismiss it.
 */
export function AddedToCartDialog({
  product,
  cart,
  open,
  onOpenChange,
  onViewCart,
  onCheckout,
  onCloseAutoFocus,
}: AddedToCartDialogProps) {
  const line = cart?.cartItems.find((item) => item.productId === product.productId);
  const imageUrl =
    line?.imageUrl ?? (product.images.find((image) => image.isMain) ?? product.images[0])?.imageUrl;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Successfully! Product ${displayName(product.name)} added to the cart!`}
    >
      {line ? (
        <div
          data-testid="added-line"
          className={css({
            display: 'flex',
            gap: '4',
            alignItems: 'center',
            p: '3',
            mb: '5',
            bg: 'surfaceMuted',
            borderRadius: 'xl',
          })}
        >
          {imageUrl ? (
            <img
              src={imageUrl}
              alt=""
              width={80}
              height={80}
              className={css({
                w: '20',
                h: '20',
                borderRadius: 'lg',
                objectFit: 'cover',
                flexShrink: 0,
              })}
            />
          ) : null}
          <div className={css({ flex: '1', minW: '0' })}>
            <p className={css({ fontWeight: 'bold' })}>{lineName(line)}</p>
            <dl
              className={css({
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: '3',
                fontSize: 'sm',
                '& dt': { color: 'textMuted' },
                '& dd': { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
              })}
            >
              <dt>Quantity</dt>
              <dd data-testid="added-quantity">{line.quantity}</dd>
              <dt>Line total</dt>
              <dd data-testid="added-line-total">{formatPrice(line.lineTotal)}</dd>
            </dl>
          </div>
        </div>
      ) : null}
      <div
        className={css({
          display: 'flex',
          gap: '3',
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          '& > *': { flex: { base: '1 1 auto', sm: '0 0 auto' } },
        })}
      >
        <DialogClose asChild>
          <Button visual="outline">Close</Button>
        </DialogClose>
        <Button visual="outline" onClick={onViewCart}>
          View Cart
        </Button>
        <Button onClick={onCheckout}>Checkout</Button>
      </div>
    </Dialog>
  );
}
