import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../api/types';
import { ADDRESS_FIELD_ORDER, addressFieldLabels } from '../../../tests/support/address-fields';
import { renderApp } from '../../../tests/support/render-app';
import { DetailsStep } from './details-step';
import { sampleAddress } from '../../../tests/fixtures/checkout';

const ADDRESSES = 'GET /api/v1/account/address';

const home: Address = {
  addressId: 7,
  ...sampleAddress,
  apartment: 'Unit 4',
  isDefault: true,
};
const office: Address = {
  addressId: 9,
  name: 'Ada Roast',
  apartment: null,
  country: 'CA',
  province: 'Quebec',
  city: 'Montreal',
  postalCode: 'H2X 1Y4',
  street: '200 Rue Sherbrooke',
  phoneNumber: '15145550100',
  isDefault: false,
};

function renderStep(signedInEmail: string | null, addresses: Address[] = []) {
  const onSubmit = vi.fn();
  const onInvalid = vi.fn();
  const rendered = renderApp({
    api: { [ADDRESSES]: addresses },
    ui: (
      <DetailsStep
        signedInEmail={signedInEmail}
        draftKey={`checkoutDraft:${signedInEmail ?? 'guest'}`}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
      />
    ),
  });
  return { ...rendered, onSubmit, onInvalid };
}

/** A message under its field (the error summary and the polite announcer repeat it). */
const inline = { selector: '[id$="-error"]' };

/** A control by its label (the phone's label names its input too). */
const control = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  window.sessionStorage.clear();
});

describe('checkout step 0: autofill and the first click', () => {
  it(
    'Continue to Shipping goes on at the first click after autofill filled fields that had messages',
    { timeout: 40_000 },
    async () => {
      const { onSubmit, onInvalid, user } = renderStep(null);
      // The shopper tabs through the empty form: every field says it is required.
      for (const label of ['Email', 'Name', 'Province', 'City', 'Postal Code', 'Street']) {
        fireEvent.focus(control(label));
        fireEvent.blur(control(label));
      }
      fireEvent.blur(control('Phone Number'));
      expect(await screen.findByText('Street detail is require', inline)).toBeTruthy();
      expect(screen.getByText('Phone Number is required', inline)).toBeTruthy();

      // The browser's autofill sets every value at once: change events, no typing, no blur.
      const autofill: [string, string][] = [
        ['Email', 'ada@lumen.test'],
        ['Name', 'Ada Roast'],
        ['Country', 'CA'],
        ['Province', 'Ontario'],
        ['City', 'Toronto'],
        ['Postal Code', 'M5V 2T6'],
        ['Street', '12 King Street West'],
        ['Phone Number', '17021234567'],
      ];
      for (const [label, value] of autofill)
        fireEvent.change(control(label), { target: { value } });

      await user.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onInvalid).not.toHaveBeenCalled();
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
        email: 'ada@lumen.test',
        shippingAddress: { street: '12 King Street West', phoneNumber: '7021234567' },
      });
      expect(screen.queryByText('Street detail is require', inline)).toBeNull();
    },
  );
});

describe('checkout step 0: a returning shopper does not retype', () => {
  it('fills the fields with the default address and offers the others', async () => {
    const { onSubmit, user } = renderStep('ada@lumen.test', [home, office]);
    await waitFor(() => expect((control('Street') as HTMLInputElement).value).toBe(home.street));
    expect((control('Apartment suite etc') as HTMLInputElement).value).toBe('Unit 4');
    expect((control('Set as default address') as HTMLInputElement).checked).toBe(true);
    const chooser = within(screen.getByRole('group', { name: 'Saved addresses' }));
    expect(chooser.getAllByRole('radio')).toHaveLength(3);
    expect(
      (chooser.getByRole('radio', { name: /12 King Street West/ }) as HTMLInputElement).checked,
    ).toBe(true);

    // Another saved address fills the fields with it.
    await user.click(chooser.getByRole('radio', { name: /200 Rue Sherbrooke/ }));
    expect((control('Street') as HTMLInputElement).value).toBe(office.street);
    expect((control('City') as HTMLInputElement).value).toBe('Montreal');
    expect((control('Apartment suite etc') as HTMLInputElement).value).toBe('');
    expect((control('Set as default address') as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Continue to Shipping' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      email: 'ada@lumen.test',
      shippingAddress: { street: office.street, city: 'Montreal', isDefault: false },
    });
  });

  it('"A new address" empties the fields, and editing a saved one makes it a new one', async () => {
    const { user } = renderStep('ada@lumen.test', [home, office]);
    const chooser = within(await screen.findByRole('group', { name: 'Saved addresses' }));
    await user.type(control('Street'), ' Rear');
    expect(
      (chooser.getByRole('radio', { name: 'A new address' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(chooser.getByRole('radio', { name: /12 King Street West/ }));
    expect((control('Street') as HTMLInputElement).value).toBe(home.street);
    await user.click(chooser.getByRole('radio', { name: 'A new address' }));
    expect((control('Street') as HTMLInputElement).value).toBe('');
    expect((control('Name') as HTMLInputElement).value).toBe('');
  });

  it('a guest sees no saved addresses and asks for none', async () => {
    const { api } = renderStep(null);
    await screen.findByRole('button', { name: 'Continue to Shipping' });
    expect(screen.queryByRole('group', { name: 'Saved addresses' })).toBeNull();
    expect(api.callsTo(ADDRESSES)).toHaveLength(0);
  });
});

describe('the address fields, shared with the account address dialog', () => {
  it('ask in spec §2 order, with its labels and the phone input with the Canada prefix', async () => {
    renderStep(null);
    const section = await screen.findByRole('region', { name: 'Shipping Address' });
    expect(addressFieldLabels(section)).toEqual(ADDRESS_FIELD_ORDER);
    expect(within(section).getByText('+1 CA')).toBeTruthy();
  });
});
