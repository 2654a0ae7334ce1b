// Fakes for provided actors in machine tests that run without React or a DOM: promise actors
// the test answers in order, and a flush that lets their answers reach the actor.
import { expect } from 'vitest';
import { fromPromise, type AnyActorRef, type EventObject } from 'xstate';

/** fromPromise actors whose answers the test gives, in the order they were started. */
export function settleableActors() {
  const pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (e: unknown) => void }[]
  >();
  const started = new Map<string, unknown[]>();
  const actor = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(
      ({ input: given, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          started.set(name, [...(started.get(name) ?? []), given]);
          const entry = { resolve: resolve as (value: unknown) => void, reject };
          pending.set(name, [...(pending.get(name) ?? []), entry]);
          // A stopped actor (its state left, or re-entered) waits for nothing any more.
          signal.addEventListener('abort', () => {
            pending.set(
              name,
              (pending.get(name) ?? []).filter((waiting) => waiting !== entry),
            );
          });
        }),
    );
  const take = (name: string) => {
    const [first, ...rest] = pending.get(name) ?? [];
    if (!first) throw new Error(`${name} was not started`);
    pending.set(name, rest);
    return first;
  };
  return {
    actor,
    started: (name: string) => started.get(name) ?? [],
    settle: (name: string, output: unknown) => take(name).resolve(output),
    fail: (name: string, error: unknown) => take(name).reject(error),
  };
}

/** Lets settled promises reach the actor. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Replays a generated path (xstate/graph) on a live actor: each step's event is sent, or, when
 * it is an invoked actor's done/error event, that actor's pending answer is settled; after each
 * step the actor must be in the step's situation, as `serialize` tells situations apart.
 */
export async function replayPath<TSnapshot>(
  actor: AnyActorRef,
  fakes: ReturnType<typeof settleableActors>,
  steps: readonly { event: EventObject; state: TSnapshot }[],
  actorOf: Readonly<Record<string, string>>,
  serialize: (snapshot: TSnapshot) => string,
): Promise<void> {
  const now = () => serialize(actor.getSnapshot() as TSnapshot);
  for (const step of steps) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
    if (event.type === 'xstate.init') {
      expect(now()).toBe(serialize(step.state));
      continue;
    }
    const effect = actorOf[event.type];
    if (effect && 'output' in event) fakes.settle(effect, event.output);
    else if (effect && 'error' in event) fakes.fail(effect, event.error);
    else actor.send(event);
    await flush();
    // Each step names the event and the situation it leads to.
    expect(now()).toBe(serialize(step.state));
  }
}
