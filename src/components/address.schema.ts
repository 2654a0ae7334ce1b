import { z } from 'zod';

/**
 * A shipping address as the checkout (step 0) and the account's address list validate it, with
 * spec §5's messages exactly as written ("is require" included). The same rules as the
 * contract's AddressInput, so a form that passes never meets a 400 from the server.
 */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

const PHONE_MAX_DIGITS = 15;

const phoneNumberSchema = z
  .string({ error: 'Phone Number is required' })
  .min(1, 'Phone Number is required')
  .regex(/^\d*$/, 'Phone must be numbers only')
  .min(10, 'Must be at least 10 digits')
  .max(PHONE_MAX_DIGITS, `Must be at most ${PHONE_MAX_DIGITS} digits`);

export const shippingAddressSchema = z.object({
  name: required('Name is required', 50),
  apartment: z.string().trim().max(100).optional(),
  country: z.string({ error: 'Country is require' }).regex(/^[A-Z]{2}$/, 'Country is require'),
  province: required('Province is require', 100),
  city: required('City is require', 100),
  postalCode: required('Postal Code is required', 12),
  street: required('Street detail is require', 255),
  phoneNumber: phoneNumberSchema,
  isDefault: z.boolean(),
});

export type ShippingAddressValues = z.input<typeof shippingAddressSchema>;

export const emptyShippingAddress: ShippingAddressValues = {
  name: '',
  apartment: '',
  country: '',
  province: '',
  city: '',
  postalCode: '',
  street: '',
  phoneNumber: '',
  isDefault: false,
};

/**
 * The phone input keeps digits only and at most 15 of them (spec §5, §9). The field already shows
 * the country's "+1" beside it, so a pasted "+1 702 555 0143" or "1-702-555-0143" keeps the ten
 * digits after that 1, never a second 1 (issue 30).
 */
export function normalizePhoneInput(raw: string): string {
  const digits = raw.replace(/\D+/g, '');
  const afterCountryCode =
    /^\s*\+\s*1/.test(raw) || (digits.length === 11 && digits.startsWith('1'))
      ? digits.slice(1)
      : digits;
  return afterCountryCode.slice(0, PHONE_MAX_DIGITS);
}

/** A saved address as the address fields hold it (an absent apartment is an empty one). */
export function addressFormValues(address: {
  name: string;
  apartment?: string | null;
  country: string;
  province: string;
  city: string;
  postalCode: string;
  street: string;
  phoneNumber: string;
  isDefault: boolean;
}): ShippingAddressValues {
  return {
    name: address.name,
    apartment: address.apartment ?? '',
    country: address.country,
    province: address.province,
    city: address.city,
    postalCode: address.postalCode,
    street: address.street,
    phoneNumber: address.phoneNumber,
    isDefault: address.isDefault,
  };
}

const ADDRESS_PARTS = [
  'name',
  'apartment',
  'country',
  'province',
  'city',
  'postalCode',
  'street',
  'phoneNumber',
] as const;

function comparable(value: string | null | undefined): string {
  return (value ?? '').normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');
}

/**
 * Whether two addresses are the same place once normalised (spaces, case), as the server's
 * address book compares them when checkout saves one; isDefault is no part of it.
 */
export function sameAddress(
  a: Partial<Record<(typeof ADDRESS_PARTS)[number], string | null | undefined>>,
  b: Partial<Record<(typeof ADDRESS_PARTS)[number], string | null | undefined>>,
): boolean {
  return ADDRESS_PARTS.every((part) => comparable(a[part]) === comparable(b[part]));
}

/** No text typed in any of the address's fields. */
export function isBlankAddress(address: ShippingAddressValues): boolean {
  return ADDRESS_PARTS.every((part) => comparable(address[part]) === '');
}
