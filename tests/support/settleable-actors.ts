// Fakes for provided actors in machine tests that run without React or a DOM: promise actors
// the test answers in order, and a flush that lets their answers reach the actor.
import { fromPromise } from 'xstate';

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
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
