import { describe, expect, it } from 'vitest';
import {
  emptyShippingAddress,
  isBlankAddress,
  normalizePhoneInput,
  sameAddress,
  shippingAddressSchema,
} from './address.schema';

function messages(values: unknown): Record<string, string | undefined> {
  const result = shippingAddressSchema.safeParse(values);
  if (result.success) return {};
  const first: Record<string, string | undefined> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    first[key] ??= issue.message;
  }
  return first;
}

describe('shipping address schema (spec §5)', () => {
  it('names every empty required field with the spec text', () => {
    expect(messages(emptyShippingAddress)).toEqual({
      name: 'Name is required',
      country: 'Country is require',
      province: 'Province is require',
      city: 'City is require',
      postalCode: 'Postal Code is required',
      street: 'Street detail is require',
      phoneNumber: 'Phone Number is required',
    });
  });

  it('checks the phone: digits only, then at least 10', () => {
    const base = { ...emptyShippingAddress, name: 'A', country: 'CA', province: 'ON' };
    expect(messages({ ...base, phoneNumber: '12ab' }).phoneNumber).toBe(
      'Phone must be numbers only',
    );
    expect(messages({ ...base, phoneNumber: '123456789' }).phoneNumber).toBe(
      'Must be at least 10 digits',
    );
    expect(messages({ ...base, phoneNumber: '1234567890' }).phoneNumber).toBeUndefined();
  });

  it('accepts a complete address with the apartment left out', () => {
    const parsed = shippingAddressSchema.parse({
      name: 'Ada Roast',
      country: 'CA',
      province: 'Ontario',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
      street: '12 King Street West',
      phoneNumber: '17021234567',
      isDefault: false,
    });
    expect(parsed.apartment).toBeUndefined();
  });

  it('keeps digits only and at most 15 of them in the phone input', () => {
    expect(normalizePhoneInput('(702) 12a3-4567')).toBe('7021234567');
    expect(normalizePhoneInput('1234567890123456789')).toBe('123456789012345');
  });

  it.each(['+1 702 555 0143', '+17025550143', '1-702-555-0143', '(702) 555-0143', '702.555.0143'])(
    'understands a pasted "%s" as the number after the +1 the field already shows (issue 30)',
    (pasted) => {
      expect(normalizePhoneInput(pasted)).toBe('7025550143');
    },
  );
});

describe('telling saved addresses apart (the checkout chooser)', () => {
  const saved = {
    name: 'Ada Roast',
    apartment: null,
    country: 'CA',
    province: 'Ontario',
    city: 'Toronto',
    postalCode: 'M5V 2T6',
    street: '12 King Street West',
    phoneNumber: '17021234567',
  };

  it('finds the same address typed with other spaces and case, an empty apartment as none', () => {
    expect(
      sameAddress(saved, {
        ...saved,
        name: ' ada  ROAST',
        street: '12 king  street west ',
        postalCode: 'm5v 2t6',
        apartment: '',
      }),
    ).toBe(true);
  });

  it('tells a different street, apartment or phone apart', () => {
    expect(sameAddress(saved, { ...saved, street: '14 King Street West' })).toBe(false);
    expect(sameAddress(saved, { ...saved, apartment: 'Unit 4' })).toBe(false);
    expect(sameAddress(saved, { ...saved, phoneNumber: '17021234568' })).toBe(false);
  });

  it('calls an address blank only when no field holds text', () => {
    expect(isBlankAddress({ ...emptyShippingAddress, isDefault: true })).toBe(true);
    expect(isBlankAddress({ ...emptyShippingAddress, city: ' x' })).toBe(false);
  });
});
