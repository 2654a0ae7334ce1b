import { z } from 'zod';
import { shippingAddressSchema, type ShippingAddressValues } from '../../components/address.schema';

/** Step 0's form (spec §5): only the email and the address are validated. */
export const emailSchema = z
  .string({ error: 'Email is require' })
  .trim()
  .min(1, 'Email is require')
  .pipe(z.email({ error: 'Invalid email' }));

export const checkoutDetailsSchema = z.object({
  email: emailSchema,
  newsletter: z.boolean(),
  shippingAddress: shippingAddressSchema,
});

export type CheckoutDetailsValues = {
  email: string;
  newsletter: boolean;
  shippingAddress: ShippingAddressValues;
};
