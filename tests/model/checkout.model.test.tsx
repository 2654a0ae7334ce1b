import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  provideCheckoutMachine,
  providePaymentMachine,
} from '../../src/features/checkout/checkout-logic';
import { CHECKOUT_MESSAGES } from '../../src/features/checkout/checkout-messages';
import { PAYMENT_MESSAGES } from '../../src/payment/payment-messages';
import { CheckoutView } from '../../src/features/checkout/checkout-overlay';
import { createSandboxStripe } from '../../src/payment/sandbox/stripe-sandbox';
import {
  type CardOutcome,
  type ConfirmCardInput,
  type CreateOrderInput,
  type PaymentOutput,
  type ReportStatusInput,
  type PlacedOrder,
} from '../../machines/payment.machine';
import { controlledActors, modelShipMethods, seededQueryClient } from './model-support';
import { describePath, details, paidOutput, paths, type Snapshot } from './checkout-model';

vi.mock('../../src/payment/stripe-loader', () => ({
  getStripe: () => Promise.resolve(createSandboxStripe({ apiBase: 'http://shop.test' })),
}));

const PATH_TIMEOUT_MS = 30_000;

function renderCheckout() {
  const shipping = controlledActors();
  const closed = vi.fn();
  const shown = vi.fn();
  const queryClient = seededQueryClient();
  const effects = {
    queryClient,
    close: closed,
    showConfirmation: shown,
    newIdempotencyKey: () => 'model-key',
  };
  // Real effects (toasts, clear-shipping, completion) with the API and Stripe faked; the
  // shipping save is settled by the path, the payment answers at once.
  const base = provideCheckoutMachine(effects);
  const machine = base.provide({
    actors: {
      setShipping: shipping.actor('setShipping'),
      payment: providePaymentMachine(effects).provide({
        actors: {
          createOrder: fromPromise<PlacedOrder, CreateOrderInput>(async () => paidOutput.order!),
          confirmCard: fromPromise<CardOutcome, ConfirmCardInput>(async () => ({
            status: 'succeeded',
          })),
          reportStatus: fromPromise<unknown, ReportStatusInput>(async () => ({})),
        },
      }),
    },
  });
  const actor = createActor(machine).start();
  render(
    <QueryClientProvider client={queryClient}>
      <CheckoutView checkout={actor} signedInEmail={null} onClose={closed} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { actor, shipping, closed, shown };
}

async function fillDetails(user: UserEvent) {
  const dialog = within(screen.getByRole('dialog'));
  await user.type(dialog.getByLabelText('Email'), details.email);
  await user.type(dialog.getByLabelText('Name'), details.shippingAddress.name);
  await user.selectOptions(dialog.getByLabelText('Country'), 'CA');
  await user.type(dialog.getByLabelText('Province'), details.shippingAddress.province);
  await user.type(dialog.getByLabelText('City'), details.shippingAddress.city);
  await user.type(dialog.getByLabelText('Postal Code'), details.shippingAddress.postalCode);
  await user.type(dialog.getByLabelText('Street'), details.shippingAddress.street);
  await user.type(dialog.getByLabelText('Phone Number'), details.shippingAddress.phoneNumber);
}

function stepHeading(name: string) {
  return screen.getByRole('heading', { level: 2, name });
}

async function assertScreen(snapshot: Snapshot, closed: ReturnType<typeof vi.fn>) {
  const { context } = snapshot;
  if (snapshot.matches('completed')) {
    expect(await screen.findByText(PAYMENT_MESSAGES.paymentSuccessful)).toBeTruthy();
    expect(closed).toHaveBeenCalled();
    return;
  }
  if (closed.mock.calls.length > 0) {
    // The overlay asked its host to close it (Back on step 0): the host unmounts it, so there is
    // no step to look at any more. The Back event itself asserted that it closed exactly then.
    expect(snapshot.matches('enteringDetails')).toBe(true);
    return;
  }
  if (snapshot.matches('enteringDetails')) {
    // Focus is on the step's heading, or, after a failed Continue, on the error summary
    // (ADR-0057).
    const focused = context.detailsRejected
      ? screen.getByRole('region', { name: 'There is a problem' })
      : stepHeading('Checkout');
    await waitFor(() => expect(document.activeElement).toBe(focused));
    const current = screen.getByRole('listitem', { current: 'step' });
    expect(current.textContent).toContain('Checkout');
    if (context.detailsRejected) {
      // The message under each field (the summary's links repeat it): spec §5's texts.
      const inline = { selector: '[id$="-error"]' };
      expect(await screen.findByText('Email is require', inline)).toBeTruthy();
      expect(screen.getByText('Street detail is require', inline)).toBeTruthy();
      const summary = screen.getByRole('region', { name: 'There is a problem' });
      expect(within(summary).getByRole('link', { name: 'Email is require' })).toBeTruthy();
    }
    return;
  }
  if (snapshot.matches('choosingShipping')) {
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Shipping' })).toBeTruthy(),
    );
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Shipping');
    expect(screen.getByTestId('checkout-summary').textContent).toContain(
      '12 King Street West, Toronto, Ontario, M5V 2T6, Canada',
    );
    // The method the machine holds is the one checked: the default (Free Shipping, id 1) as
    // step 1 opens, Standard once chosen, none after Back from Payment or a refused save.
    for (const method of modelShipMethods) {
      const radio = screen.getByRole('radio', { name: new RegExp(method.methodName) });
      await waitFor(() =>
        expect((radio as HTMLInputElement).checked).toBe(context.shipMethodId === method.methodId),
      );
    }
    if (context.shippingRequired) {
      // The error summary takes focus and links to the list; the message stays under it.
      const summary = screen.getByRole('region', { name: 'There is a problem' });
      await waitFor(() => expect(document.activeElement).toBe(summary));
      expect(
        within(summary).getByRole('link', { name: CHECKOUT_MESSAGES.shippingRequired }),
      ).toBeTruthy();
      expect(
        screen.getByText(CHECKOUT_MESSAGES.shippingRequired, {
          selector: '#shipping-method-error',
        }),
      ).toBeTruthy();
    } else {
      expect(screen.queryByText(CHECKOUT_MESSAGES.shippingRequired)).toBeNull();
      expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
    }
    const next = screen.getByRole('button', { name: 'Continue to Payment' }) as HTMLButtonElement;
    expect(next.disabled).toBe(snapshot.hasTag('savingShipping'));
    return;
  }
  if (snapshot.matches('paying')) {
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toBeTruthy();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Payment');
    await screen.findByRole('textbox', { name: 'Card Number' });
  }
}

describe('checkout overlay, paths generated from the checkout machine', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });
  afterEach(() => {
    toast.remove();
  });

  it('generates paths through validation, shipping, back navigation and payment', () => {
    expect(paths.length).toBeGreaterThanOrEqual(6);
  });

  it('opens step 1 with the default method (spec §9: id 1) chosen, stored while shown', () => {
    const opened = paths.flatMap((path) =>
      path.steps
        .filter((step) => step.event.type === 'checkout.detailsSubmitted')
        .map((step) => [step.state.value, step.state.context.shipMethodId]),
    );
    expect(opened.length).toBeGreaterThan(0);
    expect(opened).toContainEqual([{ choosingShipping: 'saving' }, 1]);
    // No path opens step 1 with nothing chosen: every paths' shoppers see method 1 first.
    expect(opened.filter(([, methodId]) => methodId !== 1)).toEqual([]);
  });

  for (const path of paths) {
    it(
      describePath(path.steps.map((step) => step.event)),
      async () => {
        const user = userEvent.setup({ delay: null });
        const { shipping, closed } = renderCheckout();
        await screen.findByRole('heading', { level: 2, name: 'Checkout' });
        let filled = false;
        // The situation the next event starts from (the model tests each state before moving on).
        let current: Snapshot | undefined;

        await path.test({
          states: {
            any: async (snapshot) => {
              current = snapshot;
              await assertScreen(snapshot, closed);
            },
          },
          events: {
            ...({
              'checkout.detailsRejected': () =>
                user.click(screen.getByRole('button', { name: 'Continue to Shipping' })),
              'checkout.detailsSubmitted': async () => {
                if (!filled) await fillDetails(user);
                filled = true;
                await user.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
              },
              'checkout.shippingChosen': () =>
                user.click(screen.getByRole('radio', { name: /Standard Shipping/ })),
              'xstate.done.actor.setShipping': () => act(() => shipping.settle('setShipping', {})),
              'xstate.error.actor.setShipping': async ({ event }: { event: { error: Error } }) => {
                await act(() => shipping.fail('setShipping', event.error));
                expect(await screen.findByText(event.error.message)).toBeTruthy();
              },
              'checkout.next': () =>
                user.click(screen.getByRole('button', { name: 'Continue to Payment' })),
              'checkout.back': async () => {
                // Back on step 0 closes the overlay; on Shipping it returns to step 0 instead.
                const closes =
                  closed.mock.calls.length + (current?.matches('enteringDetails') ? 1 : 0);
                await user.click(screen.getByRole('button', { name: 'Back' }));
                await waitFor(() => expect(closed).toHaveBeenCalledTimes(closes));
              },
              'xstate.done.actor.payment': async ({
                event,
              }: {
                event: { output: PaymentOutput };
              }) => {
                if (event.output.outcome === 'cancelled') {
                  const closes = closed.mock.calls.length;
                  await user.click(screen.getByRole('button', { name: 'Back' }));
                  // Back from Payment returns to Shipping: the overlay stays open.
                  expect(closed).toHaveBeenCalledTimes(closes);
                  return;
                }
                const card = await screen.findByRole('textbox', { name: 'Card Number' });
                await user.type(card, '4242424242424242');
                await user.type(screen.getByRole('textbox', { name: 'Card Expiry' }), '1234');
                await user.type(screen.getByRole('textbox', { name: 'Card CVC' }), '123');
                await user.click(screen.getByRole('button', { name: /^Pay / }));
              },
            } as Record<string, unknown>),
          },
        });
      },
      PATH_TIMEOUT_MS,
    );
  }
});
