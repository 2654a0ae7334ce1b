import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_FIELD_ORDER, addressFieldLabels } from '../../../tests/support/address-fields';
import { renderApp } from '../../../tests/support/render-app';
import type { AddressInput } from '../../api/types';
import { ApiError } from '../../api/api-error';
import { emptyShippingAddress } from '../../components/address.schema';
import { Dialog } from '../../ui/dialog';
import { AddressForm } from './address-form';

function renderForm(
  onSubmit = vi.fn<(address: AddressInput) => Promise<unknown>>(() => Promise.resolve()),
) {
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

  it(
    "shows the server's field messages under their fields until each is edited",
    { timeout: 40_000 },
    async () => {
      const refusal = new ApiError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Request validation failed',
        fields: { postalCode: 'Postal Code is invalid', street: 'Street is too long' },
      });
      const onSubmit = vi
        .fn<(address: AddressInput) => Promise<unknown>>()
        .mockRejectedValueOnce(refusal)
        .mockResolvedValue(undefined);
      const { user } = renderForm(onSubmit);
      const form = within(await screen.findByRole('form', { name: 'Add address' }));
      const fill: [string, string][] = [
        ['Name', 'Ada Roast'],
        ['Country', 'CA'],
        ['Province', 'Ontario'],
        ['City', 'Toronto'],
        ['Postal Code', 'M5V 2T6'],
        ['Street', '12 King Street West'],
        ['Phone Number', '17021234567'],
      ];
      for (const [label, value] of fill) {
        fireEvent.change(form.getByLabelText(label, { exact: true }), { target: { value } });
      }
      await user.click(form.getByRole('button', { name: 'Add address' }));

      expect(await form.findByText('Postal Code is invalid')).toBeTruthy();
      expect(form.getByText('Street is too long')).toBeTruthy();
      expect(form.getByLabelText('Postal Code').getAttribute('aria-invalid')).toBe('true');

      await user.clear(form.getByLabelText('Postal Code'));
      await user.type(form.getByLabelText('Postal Code'), 'M5V 2T7');
      expect(form.queryByText('Postal Code is invalid')).toBeNull();
      expect(form.getByText('Street is too long')).toBeTruthy();

      await user.click(form.getByRole('button', { name: 'Add address' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(form.queryByText('Street is too long')).toBeNull());
    },
  );
});
