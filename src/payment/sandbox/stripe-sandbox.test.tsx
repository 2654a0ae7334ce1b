import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SandboxConfirmRequest, SandboxConfirmResult } from '../../api/types';
import { createSandboxStripe } from './stripe-sandbox';

type Outcome = { error?: { message: string }; paymentIntent?: { status: string } };

function CardForm({ onChange }: { onChange: (event: unknown) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [result, setResult] = useState<Outcome | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!stripe || !elements) return;
        void stripe
          .confirmCardPayment('pi_1_secret_2', {
            payment_method: {
              card: elements.getElement(CardNumberElement)!,
              billing_details: { name: 'Ada Roast' },
            },
          })
          .then((answer) => setResult(answer as Outcome));
      }}
    >
      <CardNumberElement onChange={onChange} />
      <CardExpiryElement onChange={onChange} />
      <CardCvcElement onChange={onChange} />
      <button type="submit">Pay</button>
      <output>{result?.error?.message ?? result?.paymentIntent?.status ?? ''}</output>
    </form>
  );
}

function renderCard(answer: SandboxConfirmResult) {
  const confirm = vi.fn(async (_request: SandboxConfirmRequest) => answer);
  const onChange = vi.fn();
  const stripe = createSandboxStripe(confirm);
  render(
    <StrictMode>
      <Elements stripe={stripe}>
        <CardForm onChange={onChange} />
      </Elements>
    </StrictMode>,
  );
  return { confirm, onChange };
}

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('the Stripe.js sandbox', () => {
  it('mounts one labelled input per card element, even under StrictMode', async () => {
    renderCard({});
    expect(await screen.findAllByRole('textbox', { name: 'Card Number' })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: 'Card Expiry' })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: 'Card CVC' })).toHaveLength(1);
  });

  it('reports Stripe’s field errors in change events and clears them once fixed', async () => {
    const user = userEvent.setup();
    const { onChange } = renderCard({});
    const number = await screen.findByRole('textbox', { name: 'Card Number' });
    await user.type(number, '4242424242424241');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ message: 'Your card number is invalid.' }),
      }),
    );
    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(number).toHaveProperty('value', '4242 4242 4242 4242');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ complete: true, error: undefined }),
    );

    const expiry = screen.getByRole('textbox', { name: 'Card Expiry' });
    await user.type(expiry, '0120');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ message: "Your card's expiration year is in the past." }),
      }),
    );
    const cvc = screen.getByRole('textbox', { name: 'Card CVC' });
    await user.type(cvc, '12');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ message: "Your card's security code is incomplete." }),
      }),
    );
  });

  it('confirms against the sandbox API with the card and billing details, answering like Stripe.js', async () => {
    const user = userEvent.setup();
    const { confirm } = renderCard({
      error: {
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Card Number' }),
      '4000000000000002',
    );
    await user.type(screen.getByRole('textbox', { name: 'Card Expiry' }), `12${nextYear}`);
    await user.type(screen.getByRole('textbox', { name: 'Card CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveProperty('textContent', 'Your card was declined.'),
    );
    expect(confirm).toHaveBeenCalledWith({
      clientSecret: 'pi_1_secret_2',
      card: {
        number: '4000000000000002',
        expMonth: 12,
        expYear: 2000 + Number(nextYear),
        cvc: '123',
      },
      billingDetails: { name: 'Ada Roast' },
    });
  });

  it('refuses incomplete details before asking the server', async () => {
    const user = userEvent.setup();
    const { confirm } = renderCard({});
    await user.type(await screen.findByRole('textbox', { name: 'Card Number' }), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveProperty(
        'textContent',
        'Your card number is incomplete.',
      ),
    );
    expect(confirm).not.toHaveBeenCalled();
  });
});
