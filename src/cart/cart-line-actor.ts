import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { cartMutations } from '../api/cart.mutations';
import { cartKeys, cartQueries } from '../api/cart.queries';
import type { Cart } from '../api/types';
import { nextPaint } from '../lib/after-next-paint';
import { toast } from '../ui/toast';
import {
  cartLineMachine,
  type CartLineEvent,
  type SavedLine,
  type SaveQuantityInput,
  type ServerLineInput,
} from '../../machines/cart-line.machine';
import { cartMutationFailure } from './cart-messages';

/**
 * The cart line machine with the app's effects. Its server input comes from the cart query
 * itself: `serverLine` watches the cached cart and sends the line's quantity and stock whenever
 * they change, so no view copies query data into the machine. Its writes go through the cart's
 * `updateItem` mutation, which writes the answer into that same cache and counts for the busy
 * state.
 */
export function provideCartLineMachine(queryClient: QueryClient) {
  return cartLineMachine.provide({
    actors: {
      saveQuantity: fromPromise<SavedLine, SaveQuantityInput>(async ({ input }) => {
        // The tap's new quantity is painted first; the request (building it costs a slow phone
        // tens of milliseconds) starts in the task after (INP, issue 27).
        await nextPaint();
        const cart = await saveLineQuantity(queryClient, input);
        const line = cart.cartItems.find((l) => l.cartItemId === input.cartItemId);
        return { quantity: line?.quantity ?? input.quantity, stock: line?.stock ?? 0 };
      }),
      serverLine: fromCallback<EventObject, ServerLineInput>(({ input, sendBack }) =>
        watchServerLine(queryClient, input.cartItemId, sendBack),
      ),
    },
    actions: {
      reportFailure: (_, { error }) => reportLineFailure(queryClient, error),
    },
  });
}

/**
 * Sends `quantity.serverUpdated` for the line as the cached cart holds it now and after every
 * change of its quantity or stock; returns the unsubscribe. The observer is disabled: it only
 * listens to the cache, and never fetches (the list that shows the line owns the query).
 */
function watchServerLine(
  queryClient: QueryClient,
  cartItemId: number,
  send: (event: CartLineEvent) => void,
): () => void {
  const observer = new QueryObserver(queryClient, {
    ...cartQueries.detail(),
    enabled: false,
    select: (cart: Cart) => cart.cartItems.find((line) => line.cartItemId === cartItemId),
  });
  let last: { quantity: number; stock: number } | undefined;
  const take = (line: { quantity: number; stock: number } | undefined) => {
    if (!line || (line.quantity === last?.quantity && line.stock === last.stock)) return;
    last = { quantity: line.quantity, stock: line.stock };
    send({ type: 'quantity.serverUpdated', ...last });
  };
  take(observer.getCurrentResult().data);
  return observer.subscribe((result) => take(result.data));
}

/**
 * The list can close (drawer shut, page left) while a request is out and the shopper has
 * already clicked past it. The machine stops with the list, so the latest target goes in one
 * last request; in the line's mutation scope, it waits for the one in flight.
 */
export function saveUnsentTarget(
  queryClient: QueryClient,
  snapshot: SnapshotFrom<typeof cartLineMachine>,
): void {
  const { cartItemId, target, sent } = snapshot.context;
  if (!snapshot.hasTag('saving') || target === sent) return;
  saveLineQuantity(queryClient, { cartItemId, quantity: target }).catch((error: unknown) =>
    reportLineFailure(queryClient, error),
  );
}

function saveLineQuantity(queryClient: QueryClient, input: SaveQuantityInput): Promise<Cart> {
  const options = cartMutations(queryClient).updateItem(input.cartItemId);
  return new MutationObserver(queryClient, options).mutate(input.quantity);
}

function reportLineFailure(queryClient: QueryClient, error: unknown): void {
  toast.error(cartMutationFailure(error));
  // The cart may have changed under us (stock, another tab): take the server's view.
  void queryClient.invalidateQueries({ queryKey: cartKeys.detail() });
}
