import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  cartLineMachine,
  MAX_LINE_QUANTITY,
  type CartLineInput,
  type SavedLine,
  type CartLineEvent,
  type SaveQuantityInput,
  type ServerLineInput,
} from './cart-line.machine';

/** A request the test answers (or refuses) when it chooses. */
type PendingSave = {
  input: SaveQuantityInput;
  resolve: (line: SavedLine) => void;
  reject: (error: unknown) => void;
};

/** The fake server side: what the machine's `serverLine` actor was started with, and its voice. */
type ServerLine = {
  input?: ServerLineInput;
  running: boolean;
  /** Says the app's copy of the cart holds a new answer for this line. */
  update: (line: { quantity: number; stock: number }) => void;
};

function startLine(input: CartLineInput) {
  const requests: PendingSave[] = [];
  const failures: unknown[] = [];
  const server: ServerLine = { running: false, update: () => undefined };
  const logic = cartLineMachine.provide({
    actors: {
      serverLine: fromCallback<EventObject, ServerLineInput>(({ input: line, sendBack }) => {
        server.input = line;
        server.running = true;
        server.update = (answer) =>
          sendBack({ type: 'quantity.serverUpdated', ...answer } satisfies CartLineEvent);
        return () => {
          server.running = false;
        };
      }),
      saveQuantity: fromPromise<SavedLine, SaveQuantityInput>(
        ({ input: save }) =>
          new Promise<SavedLine>((resolve, reject) => {
            requests.push({ input: save, resolve, reject });
          }),
      ),
    },
    actions: {
      reportFailure: (_, params) => {
        failures.push(params.error);
      },
    },
  });
  const actor = createActor(logic, { input });
  actor.start();
  const answered = new Set<PendingSave>();
  /** Answers the oldest unanswered request as the server would: with what it was asked. */
  const answer = async (line?: Partial<SavedLine>) => {
    const request = requests.find((r) => !answered.has(r));
    if (!request) throw new Error('no request in flight');
    answered.add(request);
    request.resolve({ quantity: request.input.quantity, stock: input.stock, ...line });
    await flush();
  };
  const refuse = async (error: unknown) => {
    const request = requests.find((r) => !answered.has(r));
    if (!request) throw new Error('no request in flight');
    answered.add(request);
    request.reject(error);
    await flush();
  };
  return { actor, requests, failures, answer, refuse, server };
}

/** Lets the promise actors settle (their callbacks run on the microtask queue). */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe('cart line: showing the quantity', () => {
  it('starts settled on the server quantity', () => {
    const { actor, requests } = startLine({ cartItemId: 7, quantity: 2, stock: 20 });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('settled');
    expect(snapshot.context).toMatchObject({ cartItemId: 7, confirmed: 2, target: 2, max: 20 });
    expect(snapshot.hasTag('saving')).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('shows the new quantity at once and sends one request for it', () => {
    const { actor, requests } = startLine({ cartItemId: 7, quantity: 2, stock: 20 });

    actor.send({ type: 'quantity.increase' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.context.target).toBe(3);
    expect(snapshot.context.confirmed).toBe(2);
    expect(snapshot.hasTag('saving')).toBe(true);
    expect(requests.map((r) => r.input)).toEqual([{ cartItemId: 7, quantity: 3 }]);
  });

  it('settles on the server answer', async () => {
    const { actor, answer } = startLine({ cartItemId: 7, quantity: 2, stock: 20 });
    actor.send({ type: 'quantity.decrease' });

    await answer();

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('settled');
    expect(snapshot.context).toMatchObject({ confirmed: 1, target: 1 });
  });
});

describe('cart line: rapid clicks are coalesced', () => {
  it('ten clicks make one request in flight, then one for the latest target', async () => {
    const { actor, requests, answer } = startLine({ cartItemId: 7, quantity: 1, stock: 30 });

    for (let click = 0; click < 10; click += 1) actor.send({ type: 'quantity.increase' });

    expect(actor.getSnapshot().context.target).toBe(11);
    expect(requests.map((r) => r.input.quantity)).toEqual([2]);

    await answer();
    expect(requests.map((r) => r.input.quantity)).toEqual([2, 11]);
    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 2, target: 11 });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);

    await answer();
    expect(actor.getSnapshot().value).toBe('settled');
    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 11, target: 11 });
    expect(requests).toHaveLength(2);
  });

  it('sends nothing more when the clicks cancel out while a request is out', async () => {
    const { actor, requests, answer } = startLine({ cartItemId: 7, quantity: 3, stock: 30 });
    actor.send({ type: 'quantity.increase' });
    actor.send({ type: 'quantity.increase' });
    actor.send({ type: 'quantity.decrease' });

    expect(actor.getSnapshot().context.target).toBe(4);
    await answer();

    expect(requests.map((r) => r.input.quantity)).toEqual([4]);
    expect(actor.getSnapshot().value).toBe('settled');
  });

  it('takes the server quantity when it answers something else than asked', async () => {
    const { actor, answer } = startLine({ cartItemId: 7, quantity: 3, stock: 30 });
    actor.send({ type: 'quantity.increase' });

    await answer({ quantity: 2 });

    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 2, target: 2 });
  });
});

describe('cart line: limits', () => {
  it('cannot go below 1 (removal is a separate action)', () => {
    const { actor, requests } = startLine({ cartItemId: 7, quantity: 1, stock: 30 });

    expect(actor.getSnapshot().can({ type: 'quantity.decrease' })).toBe(false);
    actor.send({ type: 'quantity.decrease' });

    expect(actor.getSnapshot().context.target).toBe(1);
    expect(requests).toHaveLength(0);
  });

  it('cannot go above the stock', () => {
    const { actor, requests } = startLine({ cartItemId: 7, quantity: 4, stock: 5 });

    actor.send({ type: 'quantity.increase' });
    actor.send({ type: 'quantity.increase' });

    expect(actor.getSnapshot().context.target).toBe(5);
    expect(actor.getSnapshot().can({ type: 'quantity.increase' })).toBe(false);
    expect(requests.map((r) => r.input.quantity)).toEqual([5]);
  });

  it('cannot go above the contract maximum even with more stock', () => {
    const { actor } = startLine({ cartItemId: 7, quantity: MAX_LINE_QUANTITY, stock: 500 });

    expect(actor.getSnapshot().can({ type: 'quantity.increase' })).toBe(false);
  });
});

describe('cart line: a refused change rolls back', () => {
  it('goes back to the confirmed quantity and reports the error', async () => {
    const { actor, failures, refuse } = startLine({ cartItemId: 7, quantity: 2, stock: 30 });
    actor.send({ type: 'quantity.increase' });
    const error = new Error('Only 2 left');

    await refuse(error);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('settled');
    expect(snapshot.context).toMatchObject({ confirmed: 2, target: 2 });
    expect(failures).toEqual([error]);
  });

  it('drops clicks made while the refused request was out, keeping the last confirmed quantity', async () => {
    const { actor, requests, failures, answer, refuse } = startLine({
      cartItemId: 7,
      quantity: 2,
      stock: 30,
    });
    actor.send({ type: 'quantity.increase' });
    await answer();
    actor.send({ type: 'quantity.increase' });
    actor.send({ type: 'quantity.increase' });
    actor.send({ type: 'quantity.increase' });

    await refuse(new Error('boom'));

    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 3, target: 3 });
    expect(requests.map((r) => r.input.quantity)).toEqual([3, 4]);
    expect(failures).toHaveLength(1);
  });
});

describe('cart line: answers from elsewhere', () => {
  it('listens to its own line for as long as it runs', () => {
    const { actor, server } = startLine({ cartItemId: 7, quantity: 2, stock: 30 });
    expect(server).toMatchObject({ input: { cartItemId: 7 }, running: true });

    actor.stop();

    expect(server.running).toBe(false);
  });

  it('follows a new server quantity while settled', () => {
    const { actor, server } = startLine({ cartItemId: 7, quantity: 2, stock: 30 });

    server.update({ quantity: 6, stock: 8 });

    expect(actor.getSnapshot().context).toMatchObject({ confirmed: 6, target: 6, max: 8 });
  });

  it('keeps the shopper target while saving, taking only the stock', () => {
    const { actor, server } = startLine({ cartItemId: 7, quantity: 2, stock: 30 });
    actor.send({ type: 'quantity.increase' });

    server.update({ quantity: 2, stock: 3 });

    expect(actor.getSnapshot().context).toMatchObject({ target: 3, confirmed: 2, max: 3 });
    expect(actor.getSnapshot().can({ type: 'quantity.increase' })).toBe(false);
  });
});
