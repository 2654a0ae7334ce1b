import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_FIELD_ORDER, addressFieldLabels } from '../../../tests/support/address-fields';
import { renderApp } from '../../../tests/support/render-app';
import type { AddressInput } from '../../api/types';
import { emptyShippingAddress } from '../../components/address.schema';
import { Dialog } from '../../components/dialog';
import { AddressForm } from './address-form';

function renderForm() {
  const onSubmit = vi.fn<(address: AddressInput) => Promise<unknown>>(() => Promise.resolve());
  const rendered = renderApp({
    ui: (
      <Dialog open onOpenChange={() => undefined} title="Add address">
        <AddressForm
          initialValues={emptyShippingAddress}
          submitLabel="Add address"
          pending={false}
          onSubmit={onSubmit}
        />
      </Dialog>
    ),
  });
  return { ...rendered, onSubmit };
}

describe('the account address dialog', () => {
  it('asks what checkout asks, in the same order, with the same phone input', async () => {
    renderForm();
    const form = await screen.findByRole('form', { name: 'Add address' });
    expect(addressFieldLabels(form)).toEqual(ADDRESS_FIELD_ORDER);
    expect(within(form).getByText('+1 CA')).toBeTruthy();
  });

  it(
    'saves at the first click after autofill filled fields left empty before',
    { timeout: 40_000 },
    async () => {
      const { user, onSubmit } = renderForm();
      const form = within(await screen.findByRole('form', { name: 'Add address' }));
      await user.click(form.getByLabelText('Name', { exact: true }));
      await user.click(form.getByLabelText('Street'));
      await user.click(form.getByLabelText('City'));
      expect(await form.findByText('Street detail is require')).toBeTruthy();
      // Autofill fills them all at once: change events, no typing, no blur.
      const autofill: [string, string][] = [
        ['Name', 'Ada Roast'],
        ['Country', 'CA'],
        ['Province', 'Ontario'],
        ['City', 'Toronto'],
        ['Postal Code', 'M5V 2T6'],
        ['Street', '12 King Street West'],
        ['Phone Number', '(702) 123-4567 1'],
      ];
      for (const [label, value] of autofill) {
        fireEvent.change(form.getByLabelText(label, { exact: true }), { target: { value } });
      }
      await user.click(form.getByRole('button', { name: 'Add address' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
        name: 'Ada Roast',
        apartment: null,
        phoneNumber: '70212345671',
      });
    },
  );
});
