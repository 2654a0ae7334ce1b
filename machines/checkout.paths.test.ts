// The checkout machine's generated paths (tests/model/checkout-model.ts), run on a live actor
// with its effects provided as controllable fakes: no React, no DOM. Each step is done to the
// actor (an intent sent, or an effect's answer settled) and the actor must then be in the
// situation the model predicts. The same paths drive the rendered checkout in
// tests/model/checkout.model.test.tsx.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { describePath, paths, serializeState } from '../tests/model/checkout-model';
import { replayPath, settleableActors } from '../tests/support/settleable-actors';
import { checkoutMachine } from './checkout.machine';
import type { PaymentOutput, paymentMachine } from './payment.machine';

const ACTOR_OF: Record<string, string> = {
  'xstate.done.actor.setShipping': 'setShipping',
  'xstate.error.actor.setShipping': 'setShipping',
  'xstate.done.actor.payment': 'payment',
};

describe('checkout machine, generated paths on a live actor (no React)', () => {
  it('has paths through every step, Back included', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(describePath(path.steps.map((step) => step.event)), async () => {
      const fakes = settleableActors();
      const actor = createActor(
        checkoutMachine.provide({
          actors: {
            // The cart arrives as the model's first event says.
            cart: fromCallback(() => undefined),
            setShipping: fakes.actor<{ methodId: number }, { methodId: number }>('setShipping'),
            // The payment step stands in as its outcome: the checkout only reads its output (its
            // own paths are machines/payment.paths.test.ts), hence the one cast.
            payment: fakes.actor<PaymentOutput, unknown>(
              'payment',
            ) as unknown as typeof paymentMachine,
          },
        }),
      ).start();
      actor.send({ type: 'checkout.cartUpdated', itemCount: 1 });
      await replayPath(actor, fakes, path.steps, ACTOR_OF, serializeState);
      // Every shipping save the machine asked for was one the path answered.
      expect(fakes.started('setShipping').length).toBeGreaterThanOrEqual(
        path.steps.filter((step) => ACTOR_OF[step.event.type] === 'setShipping').length,
      );
      actor.stop();
    });
  }
});
