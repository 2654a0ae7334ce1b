// API calls before renders (issue 27, ADR-0054). A render is CPU on the event loop the API
// answers on, and one API call spans several turns of that loop (its body, housekeeping, the
// handler): were a render's steps free to run on every turn, a call would wait for a step of every
// render under way. So a render takes its next step only when no API call from outside is in
// progress, or when it has waited `maxWaitMs` for that (a steady stream of calls cannot starve it).
import { setImmediate as nextTurn } from 'node:timers/promises';

export type ApiFirst = {
  /** An API call from outside started; the function it answers ends it (once). */
  started(): () => void;
  /** Resolves on a later turn of the event loop, once no API call is in progress. */
  turn(): Promise<void>;
};

export function createApiFirst(maxWaitMs: number): ApiFirst {
  let inProgress = 0;
  const waiting = new Set<() => void>();
  return {
    started() {
      inProgress += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inProgress -= 1;
        if (inProgress === 0) for (const wake of [...waiting]) wake();
      };
    },
    async turn() {
      await nextTurn();
      if (inProgress === 0) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, maxWaitMs);
        waiting.add(wake);
      });
    },
  };
}
