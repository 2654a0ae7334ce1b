// What the machines' path tests (machines/*.paths.test.ts) share: fakes of provided actors and
// actions that write every call, with its input, to one log in the order the machine made them;
// a replay of a generated path on a live actor; and the check that a table written by hand (from
// the spec, D1..D9 and the ADRs) has an entry for every generated path and no other. The oracle
// is the table: nothing here reads the machine's own description of what should happen.
import { expect } from 'vitest';
import { fromPromise, type AnyActorRef, type EventObject } from 'xstate';

/** A log of the calls a machine made to its provided effects, as readable lines. */
export function callLog() {
  const calls: string[] = [];
  const pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }[]
  >();
  return {
    calls,
    /** A provided action that writes one line (its parameters described by `line`). */
    action:
      <TParams>(line: (params: TParams) => string) =>
      (_: unknown, params: TParams) => {
        calls.push(line(params));
      },
    /** A provided promise actor that writes a line as it starts and waits for the test's answer. */
    promise: <TOutput, TInput>(name: string, line: (input: TInput) => string) =>
      fromPromise<TOutput, TInput>(
        ({ input, signal }) =>
          new Promise<TOutput>((resolve, reject) => {
            calls.push(line(input));
            const entry = { resolve: resolve as (v: unknown) => void, reject };
            pending.set(name, [...(pending.get(name) ?? []), entry]);
            // A stopped actor (its state left, or re-entered) waits for nothing any more.
            signal.addEventListener('abort', () => {
              pending.set(
                name,
                (pending.get(name) ?? []).filter((waiting) => waiting !== entry),
              );
            });
          }),
      ),
    answer(name: string, outcome: { output: unknown } | { error: unknown }) {
      const [first, ...rest] = pending.get(name) ?? [];
      if (!first) throw new Error(`${name} was not waiting for an answer`);
      pending.set(name, rest);
      if ('output' in outcome) first.resolve(outcome.output);
      else first.reject(outcome.error);
    },
  };
}

type Log = ReturnType<typeof callLog>;

/** Lets settled promises reach the actor. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Plays a path's events on a live actor: an invoked actor's done/error event (named in `actorOf`)
 * answers that fake; any other event is sent. Only the end and the log are checked, against the
 * table, not the model's snapshots (those come from the machine under test).
 */
export async function play(
  actor: AnyActorRef,
  log: Log,
  events: readonly EventObject[],
  actorOf: Readonly<Record<string, string>>,
): Promise<void> {
  for (const event of events) {
    if (event.type === 'xstate.init') continue;
    const name = actorOf[event.type];
    const e = event as EventObject & { output?: unknown; error?: unknown };
    if (name && 'output' in e) log.answer(name, { output: e.output });
    else if (name && 'error' in e) log.answer(name, { error: e.error });
    else actor.send(event);
    await flush();
  }
}

/**
 * Every generated path must have an entry in the table (a new path fails until someone writes
 * down what it should do), and every entry must still be a generated path (a path the machine no
 * longer takes fails too).
 */
export function expectTableCoversPaths(generated: readonly string[], table: object): void {
  const written = Object.keys(table);
  expect(
    generated.filter((name) => !written.includes(name)),
    'generated paths with no expectation written down',
  ).toEqual([]);
  expect(
    written.filter((name) => !generated.includes(name)),
    'expectations for paths no longer generated',
  ).toEqual([]);
  expect(new Set(generated).size, 'two generated paths with the same name').toBe(generated.length);
}
