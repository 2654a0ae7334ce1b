import { z } from 'zod';

/** Spec §5 "Sign-in", messages exactly as written ("6 character" included). */
export const signInSchema = z.object({
  loginInput: z
    .string()
    .min(1, 'Email is required')
    .min(3, 'Must be at least 3 characters')
    .max(254),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(6, 'Must be at least 6 character')
    .max(128),
  rememberMe: z.boolean(),
});

export type SignInValues = z.input<typeof signInSchema>;

/** Spec §5 "Register" (the invalid-email text is the contract's x-messages). */
export const registerSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .min(6, 'Must be at least 6 characters')
    .max(25, 'Must be smaller or equal to 25 characters'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email').max(254)),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(6, 'Must be at least 6 characters')
    .max(128),
});

export type RegisterValues = z.input<typeof registerSchema>;
