import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { CartItem } from '../../api/types';
import { provideCartLineMachine, saveUnsentTarget } from '../../cart/cart-line-actor';
import { useInspector } from '../../ui/inspector';

/**
 * One line's quantity, through the cart line machine (optimistic, coalesced, rolled back). The
 * machine hears of the server's answers from the cart query by itself (`serverLine`); this hook
 * only reads its state and sends the shopper's clicks.
 */
export function useCartLine(item: CartItem) {
  const queryClient = useQueryClient();
  const logic = useMemo(() => provideCartLineMachine(queryClient), [queryClient]);
  const actor = useActorRef(logic, {
    input: { cartItemId: item.cartItemId, quantity: item.quantity, stock: item.stock },
    inspect: useInspector(),
  });

  // On unmount: a click made while the last request was out still reaches the server.
  useEffect(() => () => saveUnsentTarget(queryClient, actor.getSnapshot()), [actor, queryClient]);

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
