import { useEffect, useMemo } from 'react';
import { MutationObserver, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import toast from 'react-hot-toast';
import { fromPromise } from 'xstate';
import { cartMutationFailure } from './cart-messages';
import { cartKeys, cartMutations } from '../../api/cart.queries';
import type { CartItem } from '../../api/types';
import {
  cartLineMachine,
  type SavedLine,
  type SaveQuantityInput,
} from '../../../machines/cart-line.machine';

/**
 * One line's quantity, through the cart line machine. The PATCH runs as a TanStack mutation
 * (MutationObserver) so it writes the answer into the cart query like every other cart change,
 * and `useIsMutating` (the busy state on money) counts it.
 */
export function useCartLine(item: CartItem) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      cartLineMachine.provide({
        actors: {
          saveQuantity: fromPromise<SavedLine, SaveQuantityInput>(async ({ input }) => {
            const observer = new MutationObserver(
              queryClient,
              cartMutations(queryClient).updateItem,
            );
            const cart = await observer.mutate(input);
            const line = cart.cartItems.find((l) => l.cartItemId === input.cartItemId);
            return { quantity: line?.quantity ?? input.quantity, stock: line?.stock ?? 0 };
          }),
        },
        actions: {
          reportFailure: (_, { error }) => {
            toast.error(cartMutationFailure(error));
            // The cart may have changed under us (stock, another tab): take the server's view.
            void queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
          },
        },
      }),
    [queryClient],
  );
  const actor = useActorRef(logic, {
    input: { cartItemId: item.cartItemId, quantity: item.quantity, stock: item.stock },
  });

  // A new answer for this line from elsewhere (a refetch, a merge); the machine ignores it
  // while its own request is out.
  useEffect(() => {
    actor.send({ type: 'quantity.serverUpdated', quantity: item.quantity, stock: item.stock });
  }, [actor, item.quantity, item.stock]);

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
