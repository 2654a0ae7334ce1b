import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

/**
 * One cart line's quantity, changed optimistically and coalesced (issue 6, spec §4 "Cart
 * quantity"). A click moves `target` at once, so the view shows the new quantity in the same
 * frame; at most one request is in flight; when it answers and the shopper has clicked again
 * meanwhile, one more request carries the latest target (never one request per click). A failed
 * request rolls `target` back to the quantity the server last confirmed.
 *
 * The machine holds quantities only: money (line total, subtotal, tax, total) is the server's
 * answer, which the view reads from the cart query while the `saving` tag says it may lag.
 *
 * Effects are named stubs, supplied with `provide()`:
 * - `saveQuantity` sends `{ cartItemId, quantity }` and resolves with the line as the server
 *   now has it (`quantity`, `stock`), having written the whole cart where the app keeps it;
 * - `serverLine` (invoked for the machine's whole life with `{ cartItemId }`) sends
 *   `quantity.serverUpdated` whenever the app's copy of the cart holds a new answer for this
 *   line: a refetch, another tab, a merge. The machine takes it in only while nothing of its
 *   own is on the way. The stub sends nothing;
 * - `reportFailure({ error })` tells the shopper why the change was refused.
 */
export type CartLineInput = {
  cartItemId: number;
  quantity: number;
  /** The product's stock now (CartItem.stock); the quantity can't go above it. */
  stock: number;
};

export type CartLineContext = {
  cartItemId: number;
  /** The quantity the server last confirmed. */
  confirmed: number;
  /** What the shopper asked for: what the view shows. */
  target: number;
  /** The quantity of the request in flight (or last sent). */
  sent: number;
  /** The highest quantity the shopper may ask for: the stock, within the contract's 1..99. */
  max: number;
};

export type SavedLine = { quantity: number; stock: number };

export type SaveQuantityInput = { cartItemId: number; quantity: number };

export type ServerLineInput = { cartItemId: number };

export type CartLineEvent =
  | { type: 'quantity.increase' }
  | { type: 'quantity.decrease' }
  /** The cart query holds a new answer for this line (a refetch, another tab, a merge). */
  | { type: 'quantity.serverUpdated'; quantity: number; stock: number };

/** The contract's bounds of a line's quantity (UpdateCartItemRequest). */
const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 99;

function maxFor(stock: number): number {
  return Math.max(MIN_LINE_QUANTITY, Math.min(stock, MAX_LINE_QUANTITY));
}

export const cartLineMachine = setup({
  types: {
    context: {} as CartLineContext,
    events: {} as CartLineEvent,
    input: {} as CartLineInput,
    tags: {} as 'saving',
  },
  actions: {
    reportFailure: (_, _params: { error: unknown }) => {},
    raiseTarget: assign(({ context }) => ({ target: context.target + 1 })),
    lowerTarget: assign(({ context }) => ({ target: context.target - 1 })),
    recordSaved: assign((_, params: SavedLine) => ({
      confirmed: params.quantity,
      max: maxFor(params.stock),
    })),
    recordSent: assign(({ context }) => ({ sent: context.target })),
    // After the last answer the server's quantity is the truth, even if it differs from the ask.
    adoptConfirmed: assign(({ context }) => ({ target: context.confirmed })),
    rollBack: assign(({ context }) => ({ target: context.confirmed })),
    syncFromServer: assign(({ event }) => {
      if (event.type !== 'quantity.serverUpdated') return {};
      return { confirmed: event.quantity, target: event.quantity, max: maxFor(event.stock) };
    }),
    syncStock: assign(({ event }) => {
      if (event.type !== 'quantity.serverUpdated') return {};
      return { max: maxFor(event.stock) };
    }),
  },
  actors: {
    saveQuantity: fromPromise<SavedLine, SaveQuantityInput>(async () => {
      throw new Error('cartLineMachine: provide a saveQuantity actor');
    }),
    serverLine: fromCallback<EventObject, ServerLineInput>(() => undefined),
  },
  guards: {
    canIncrease: ({ context }) => context.target < context.max,
    canDecrease: ({ context }) => context.target > MIN_LINE_QUANTITY,
    /** The shopper clicked again while the request was out: the target is not what was sent. */
    shopperMovedOn: ({ context }) => context.target !== context.sent,
  },
}).createMachine({
  id: 'cartLine',
  context: ({ input }) => ({
    cartItemId: input.cartItemId,
    confirmed: input.quantity,
    target: input.quantity,
    sent: input.quantity,
    max: maxFor(input.stock),
  }),
  initial: 'settled',
  invoke: {
    src: 'serverLine',
    input: ({ context }) => ({ cartItemId: context.cartItemId }),
  },
  on: {
    'quantity.increase': { guard: 'canIncrease', target: '.saving', actions: 'raiseTarget' },
    'quantity.decrease': { guard: 'canDecrease', target: '.saving', actions: 'lowerTarget' },
  },
  states: {
    settled: {
      on: {
        'quantity.serverUpdated': { actions: 'syncFromServer' },
      },
    },
    saving: {
      tags: ['saving'],
      entry: 'recordSent',
      on: {
        // Clicks while a request is out only move the target: the answer decides what is next.
        'quantity.increase': { guard: 'canIncrease', actions: 'raiseTarget' },
        'quantity.decrease': { guard: 'canDecrease', actions: 'lowerTarget' },
        // Our own answers are on their way; only the stock is worth taking from elsewhere.
        'quantity.serverUpdated': { actions: 'syncStock' },
      },
      invoke: {
        src: 'saveQuantity',
        input: ({ context }) => ({ cartItemId: context.cartItemId, quantity: context.target }),
        onDone: [
          {
            guard: 'shopperMovedOn',
            target: 'saving',
            reenter: true,
            actions: { type: 'recordSaved', params: ({ event }) => event.output },
          },
          {
            target: 'settled',
            actions: [
              { type: 'recordSaved', params: ({ event }) => event.output },
              'adoptConfirmed',
            ],
          },
        ],
        onError: {
          target: 'settled',
          actions: [
            'rollBack',
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
