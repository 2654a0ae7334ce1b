import { useEffect, useMemo } from 'react';
import { MutationObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../components/toast';
import { fromPromise } from 'xstate';
import { cartKeys, cartMutations } from '../../api/cart.queries';
import type { Cart, CartItem } from '../../api/types';
import {
  cartLineMachine,
  type SavedLine,
  type SaveQuantityInput,
} from '../../../machines/cart-line.machine';
import { cartMutationFailure } from '../../cart/cart-messages';
import { useInspector } from '../../components/inspector';

/** One line's quantity, through the cart line machine (optimistic, coalesced, rolled back). */
export function useCartLine(item: CartItem) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      cartLineMachine.provide({
        actors: {
          saveQuantity: fromPromise<SavedLine, SaveQuantityInput>(async ({ input }) => {
            const cart = await saveLineQuantity(queryClient, input);
            const line = cart.cartItems.find((l) => l.cartItemId === input.cartItemId);
            return { quantity: line?.quantity ?? input.quantity, stock: line?.stock ?? 0 };
          }),
        },
        actions: {
          reportFailure: (_, { error }) => reportLineFailure(queryClient, error),
        },
      }),
    [queryClient],
  );
  const actor = useActorRef(logic, {
    input: { cartItemId: item.cartItemId, quantity: item.quantity, stock: item.stock },
    inspect: useInspector(),
  });

  // A new answer for this line from elsewhere (a refetch, a merge); the machine ignores it
  // while its own request is out.
  useEffect(() => {
    actor.send({ type: 'quantity.serverUpdated', quantity: item.quantity, stock: item.stock });
  }, [actor, item.quantity, item.stock]);

  // The list can close (drawer shut, page left) while a request is out and the shopper has
  // already clicked past it. The machine stops with the component, so the latest target goes
  // in one last request; sharing the line's mutation scope, it waits for the one in flight.
  useEffect(
    () => () => {
      const snapshot = actor.getSnapshot();
      const { cartItemId, target, sent } = snapshot.context;
      if (!snapshot.hasTag('saving') || target === sent) return;
      saveLineQuantity(queryClient, { cartItemId, quantity: target }).catch((error: unknown) =>
        reportLineFailure(queryClient, error),
      );
    },
    [actor, queryClient],
  );

  const quantity = useSelector(actor, (snapshot) => snapshot.context.target);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const canIncrease = useSelector(actor, (snapshot) => snapshot.can({ type: 'quantity.increase' }));
  const canDecrease = useSelector(actor, (snapshot) => snapshot.can({ type: 'quantity.decrease' }));

  /** Sends one change and returns the quantity now shown. */
  const change = (type: 'quantity.increase' | 'quantity.decrease'): number => {
    actor.send({ type });
    return actor.getSnapshot().context.target;
  };

  return {
    quantity,
    saving,
    canIncrease,
    canDecrease,
    increase: () => change('quantity.increase'),
    decrease: () => change('quantity.decrease'),
  };
}

/**
 * One PATCH of a line's quantity as a TanStack mutation: it writes the answer into the cart
 * query like every cart change, counts for `useIsMutating` (the busy state on money), and, in
 * one mutation scope per line, runs only after any earlier change of that line has answered.
 */
function saveLineQuantity(queryClient: QueryClient, input: SaveQuantityInput): Promise<Cart> {
  const observer = new MutationObserver(queryClient, {
    ...cartMutations(queryClient).updateItem,
    scope: { id: `cart-line-${input.cartItemId}` },
  });
  return observer.mutate(input);
}

function reportLineFailure(queryClient: QueryClient, error: unknown): void {
  toast.error(cartMutationFailure(error));
  // The cart may have changed under us (stock, another tab): take the server's view.
  void queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
}
