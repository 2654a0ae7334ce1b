// At most `concurrency` server renders at once and a short queue behind them (issue 27,
// ADR-0054). A render is CPU on the one event loop the API answers on: a burst of renders queued
// without bound would make every API call wait behind them. A request that finds the queue full,
// or that waited longer than `maxWaitMs`, gets the app's shell instead, which costs a file read.
export type RenderSlots = {
  /** A release function once a slot is free; null when the page should be sent as the shell. */
  acquire(): Promise<(() => void) | null>;
};

export type RenderSlotLimits = {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
};

type Waiter = { grant: (release: (() => void) | null) => void; timer: NodeJS.Timeout };

export function createRenderSlots(limits: RenderSlotLimits): RenderSlots {
  let active = 0;
  const waiting: Waiter[] = [];

  function release(): void {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant(once());
      return;
    }
    active -= 1;
  }

  /** A release that counts once, however often it is called. */
  function once(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  }

  return {
    acquire() {
      if (active < limits.concurrency) {
        active += 1;
        return Promise.resolve(once());
      }
      if (waiting.length >= limits.queue) return Promise.resolve(null);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          grant: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            resolve(null);
          }, limits.maxWaitMs),
        };
        waiting.push(waiter);
      });
    },
  };
}
