import { z } from 'zod';

/**
 * Account setting (D7; spec §5 shows no validation, so the register rules and the contract's
 * messages apply). The password pair is optional, but one without the other is an error.
 */
export const accountSettingSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, 'Username is required')
      .min(6, 'Must be at least 6 characters')
      .max(25, 'Must be smaller or equal to 25 characters'),
    email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email').max(254)),
    currentPassword: z.string().max(128),
    newPassword: z.string().max(128),
  })
  .superRefine((values, context) => {
    if (values.newPassword !== '' && values.currentPassword === '') {
      context.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: 'Current password is required',
      });
    }
    if (values.currentPassword !== '' && values.newPassword === '') {
      context.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: 'New password is required',
      });
    }
    if (values.newPassword !== '' && values.newPassword.length < 6) {
      context.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: 'Must be at least 6 characters',
      });
    }
  });

export type AccountSettingValues = z.input<typeof accountSettingSchema>;
