// The payment machine's generated paths (tests/model/payment-model.ts), run on a live actor with
// its effects provided as controllable fakes: no React, no DOM. Each step of a path is done to
// the actor (an intent sent, or an effect's answer settled) and the actor must then be in the
// situation the model predicts. The same paths drive the rendered step in
// tests/model/payment.model.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  ARRANGE,
  describePath,
  input,
  modelMachine,
  paths,
  serializeState,
} from '../tests/model/payment-model';
import { replayPath, settleableActors } from '../tests/support/settleable-actors';

/** The provided actor a done/error event of the model answers for. */
const ACTOR_OF: Record<string, string> = {
  'xstate.done.actor.createOrder': 'createOrder',
  'xstate.error.actor.createOrder': 'createOrder',
  'xstate.done.actor.confirmCard': 'confirmCard',
  'xstate.done.actor.reportPaid': 'reportStatus',
  'xstate.done.actor.reportFailed': 'reportStatus',
};

describe('payment machine, generated paths on a live actor (no React)', () => {
  it('has paths through declines, retries, blocks and success', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(describePath(path.steps.map((step) => step.event)), async () => {
      const fakes = settleableActors();
      const actor = createActor(
        modelMachine.provide({
          actors: {
            createOrder: fakes.actor('createOrder'),
            confirmCard: fakes.actor('confirmCard'),
            reportStatus: fakes.actor('reportStatus'),
            // The tools arrive as the model's starting events say.
            loadTools: fromCallback(() => undefined),
          },
        }),
        { input },
      ).start();
      for (const event of ARRANGE) actor.send(event);
      await replayPath(actor, fakes, path.steps, ACTOR_OF, serializeState);

      // One attempt, one key (ADR-0050): an order whose answer was lost, and a retry after a
      // decline, ask for the same order again with the same key (the server answers the order
      // it made); only a new attempt (another payment method) has a new key.
      const given = fakes
        .started('createOrder')
        .map((call) => call as { idempotencyKey: string; paymentMethod: string });
      const answers = path.steps
        .map((step): string => step.event.type)
        .filter((type) => ACTOR_OF[type] === 'createOrder');
      expect(given).toHaveLength(answers.length);
      for (let index = 1; index < given.length; index += 1) {
        const [before, now] = [given[index - 1], given[index]];
        if (before?.paymentMethod === now?.paymentMethod) {
          expect(now?.idempotencyKey).toBe(before?.idempotencyKey);
        } else {
          expect(now?.idempotencyKey).not.toBe(before?.idempotencyKey);
        }
      }
      actor.stop();
    });
  }
});
