import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import { css } from 'styled-system/css';
import { cartMutations } from '../../api/cart.mutations';
import type { Product } from '../../api/types';
import { Button } from '../../ui/button';
import { useCartFlow } from '../../cart/cart-flow';
import { Spinner } from '../../ui/spinner';
import { AddedToCartDialog } from './added-to-cart-dialog';
import { clampQuantity, QuantitySelector } from './quantity-selector';

/** The contract refuses more than 99 of one product in one add (AddCartItemRequest). */
const MAX_PER_ADD = 99;

/** Why the product cannot be added, shown beside the disabled button; null when it can. */
function unavailableReason(product: Product): string | null {
  if (product.quantity <= 0) return 'Out of stock, so it cannot be added to the cart.';
  if (!product.isAvailableAtWeb) return 'Sold at our cafés only, so it cannot be ordered online.';
  return null;
}

/**
 * Quantity, Add To Cart and the success modal. Guests and signed-in shoppers add the same way:
 * the API client carries the session or the guest cart token, and the mutation writes the
 * returned cart into the cache, so the header's Order count follows without a refetch.
 */
export function AddToCart({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const addItem = useMutation(useMemo(() => cartMutations(queryClient).addItem, [queryClient]));
  const { openCart, openCheckout } = useCartFlow();
  const [quantity, setQuantity] = useState(1);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const reasonId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  // Closed with Close or Escape, the modal gives focus back to Add To Cart; View Cart and
  // Checkout leave it to the drawer or the checkout they open.
  const returnFocus = useRef(true);

  const reason = unavailableReason(product);
  const max = Math.min(product.quantity, MAX_PER_ADD);

  const add = () => {
    addItem.mutate(
      { productId: product.productId, quantity: clampQuantity(quantity, max) },
      {
        onSuccess: () => {
          returnFocus.current = true;
          setConfirmOpen(true);
        },
        // The server's own words (e.g. only 3 left in stock), as an error toast.
        onError: (error) => {
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <QuantitySelector
        value={quantity}
        max={max}
        onChange={setQuantity}
        disabled={reason !== null}
      />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Button
          ref={addButton}
          size="lg"
          onClick={add}
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          aria-busy={addItem.isPending || undefined}
          css={css.raw({ w: { base: 'full', sm: 'auto' }, alignSelf: 'flex-start', minW: '48' })}
        >
          {addItem.isPending ? <Spinner size="sm" label="Adding to the cart" /> : null}
          Add To Cart
        </Button>
        {reason ? (
          <p id={reasonId} className={css({ color: 'danger', fontWeight: 'semibold' })}>
            {reason}
          </p>
        ) : null}
      </div>

      <AddedToCartDialog
        product={product}
        cart={addItem.data ?? null}
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocus.current) addButton.current?.focus();
        }}
        onViewCart={() => {
          returnFocus.current = false;
          setConfirmOpen(false);
          openCart();
        }}
        onCheckout={() => {
          returnFocus.current = false;
          setConfirmOpen(false);
          openCheckout();
        }}
      />
    </div>
  );
}
