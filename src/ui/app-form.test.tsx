import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppFormHook } from './app-form';
import { SummarisedFields } from './error-summary';

// The form kit's message timing (issue 30, ADR-0057): messages appear when a field is left or
// the form submitted, never at a keystroke; a field showing one clears it as soon as the value
// passes, and otherwise keeps it unchanged until the next blur or submit.

const { useAppForm } = createAppFormHook({
  normalizePhone: (typed) => typed.replace(/\D/g, '').slice(0, 15),
});

const phoneRule = z
  .string()
  .min(1, 'Phone Number is required')
  .min(10, 'Must be at least 10 digits');
const cityRule = z.string().min(1, 'City is require');

function TimingForm({ onSubmit }: { onSubmit?: () => void }) {
  const form = useAppForm({
    defaultValues: { phoneNumber: '', city: '' },
    onSubmit: () => onSubmit?.(),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.AppField name="phoneNumber" validators={{ onBlur: phoneRule, onSubmit: phoneRule }}>
        {(field) => <field.PhoneInput />}
      </form.AppField>
      <form.AppField name="city" validators={{ onBlur: cityRule, onSubmit: cityRule }}>
        {(field) => <field.TextInput label="City" />}
      </form.AppField>
      <button type="submit">Continue</button>
    </form>
  );
}

const phone = () => screen.getByLabelText('Phone Number');
const messageOf = (text: string) => screen.queryByText(text, { selector: '[id$="-error"]' });

describe('form kit: messages on blur and on submit', () => {
  it('typing shows no message; leaving the field does; fixing it clears it as typed', async () => {
    const user = userEvent.setup({ delay: null });
    render(<TimingForm />);

    await user.click(phone());
    for (const digit of '702123') {
      await user.keyboard(digit);
      expect(messageOf('Must be at least 10 digits')).toBeNull();
      expect(messageOf('Phone Number is required')).toBeNull();
    }
    await user.click(screen.getByLabelText('City'));
    expect(messageOf('Must be at least 10 digits')).not.toBeNull();
    expect(phone().getAttribute('aria-invalid')).toBe('true');

    // Back in the field: still too short, the message shown stays as it is (no new words).
    await user.click(phone());
    await user.keyboard('4');
    expect(messageOf('Must be at least 10 digits')).not.toBeNull();
    // Long enough: the message goes at once, before the field is left.
    await user.keyboard('567');
    expect((phone() as HTMLInputElement).value).toBe('7021234567');
    expect(messageOf('Must be at least 10 digits')).toBeNull();
    expect(phone().getAttribute('aria-invalid')).toBeNull();
  });

  it('a field emptied while typing says nothing new until it is left', async () => {
    const user = userEvent.setup({ delay: null });
    render(<TimingForm />);
    await user.click(screen.getByLabelText('City'));
    await user.keyboard('To');
    await user.clear(screen.getByLabelText('City'));
    expect(messageOf('City is require')).toBeNull();
    await user.click(phone());
    expect(messageOf('City is require')).not.toBeNull();
  });

  it('a submit shows every message at once', async () => {
    const user = userEvent.setup({ delay: null });
    render(<TimingForm />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(messageOf('Phone Number is required')).not.toBeNull());
    expect(messageOf('City is require')).not.toBeNull();
  });

  it('without an error summary the messages are alerts; with one, a left field is said once, politely', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<TimingForm />);
    await user.click(phone());
    await user.click(screen.getByLabelText('City'));
    expect(screen.getByRole('alert').textContent).toBe('Phone Number is required');
    unmount();

    render(
      <SummarisedFields idPrefix="timing">
        <TimingForm />
      </SummarisedFields>,
    );
    // The controls take the ids the summary links to.
    expect(phone().id).toBe('timing-phoneNumber');
    expect(screen.getByLabelText('City').id).toBe('timing-city');
    await user.click(phone());
    await user.click(screen.getByLabelText('City'));
    expect(messageOf('Phone Number is required')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Phone Number is required');
  });
});
