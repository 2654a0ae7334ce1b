import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { signup } from '../../api/auth';
import { apiOf } from '../../api/client';
import { orderQueries } from '../../api/orders.queries';
import { serverFieldErrors, useAppForm } from '../../components/shop-form';
import { latestGuestOrder } from '../../payment/order-tokens';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { useSessionActor } from '../../session/session';
import { AuthLayout, inlineLinkStyle } from './auth-layout';
import { registerSchema, type RegisterValues } from './auth.schema';
import { authToast } from './auth-toasts';
import { IdentityProviderChoice } from './identity-provider-button';

export const SIGN_UP_SUCCEEDED = 'Account created successfully!';
export const SIGN_UP_FAILED = 'Sign up failed. Please check your details';

/** The fields the server may speak of when it refuses a sign-up (e.g. the email is taken). */
const SERVER_FIELDS: readonly (keyof RegisterValues)[] = ['username', 'email', 'password'];

/** Spec §2 "Register", §5, §8: the new account is signed in and lands on /account. */
export function RegisterPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();

  const register = useMutation({
    mutationFn: (values: RegisterValues, { client }) =>
      signup(apiOf(client), registerSchema.parse(values)),
    onSuccess: ({ token }) => {
      // No "Remember me" here: a new account keeps the spec's local-storage session.
      session.send({ type: 'session.signIn', token, remember: true });
      authToast.success(SIGN_UP_SUCCEEDED);
      navigate(paths.account());
    },
  });

  // Issue 30: the email of the guest order this browser placed last, read with its token, is
  // offered in the Email field (still editable); signing up then joins that order (ADR-0055).
  // Storage is read once, in the browser only (the page may render on the server).
  const [guestOrder] = useState(() => (typeof window === 'undefined' ? null : latestGuestOrder()));
  const guestOrderDetail = useQuery({
    ...orderQueries.detail(guestOrder?.orderId ?? 0, guestOrder?.orderToken),
    enabled: guestOrder !== null,
    retry: false,
  });
  const guestEmail = guestOrderDetail.data?.email ?? null;

  const form = useAppForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: { username: '', email: '', password: '' } as RegisterValues,
    validators: {
      onSubmit: registerSchema,
      // The server is the last check: its refusal comes back as the form's errors.
      onSubmitAsync: async ({ value }) => {
        try {
          await register.mutateAsync(value);
          return undefined;
        } catch (error) {
          authToast.error(SIGN_UP_FAILED);
          return serverFieldErrors(error, SERVER_FIELDS);
        }
      },
    },
  });

  useEffect(() => {
    // Offered once it arrives, unless the shopper has already typed an email of their own.
    if (guestEmail === null) return;
    const field = form.getFieldMeta('email');
    if (field?.isTouched || form.getFieldValue('email') !== '') return;
    form.setFieldValue('email', guestEmail, { dontUpdateMeta: true });
  }, [form, guestEmail]);

  return (
    <AuthLayout>
      <PageTitle subtitle="Save your addresses, follow your orders and check out faster.">
        Create Your Account
      </PageTitle>
      <IdentityProviderChoice label={(name) => `Sign up with ${name}`} divider="Or used email" />
      <form
        noValidate
        aria-label="Create your account"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
        className={css({ display: 'grid', gap: '4' })}
      >
        <form.AppField name="username" validators={{ onBlur: registerSchema.shape.username }}>
          {(field) => (
            <field.TextInput
              label="Name"
              // Spec §2 labels the field "Name" and spec §5's messages call it the username
              // ("Username is required"): the hint says they are one and the same.
              hint="Your username: 6 to 25 characters, shown when you are signed in."
              autoComplete="username"
            />
          )}
        </form.AppField>
        <form.AppField name="email" validators={{ onBlur: registerSchema.shape.email }}>
          {(field) => <field.TextInput label="Email" type="email" autoComplete="email" />}
        </form.AppField>
        <form.AppField name="password" validators={{ onBlur: registerSchema.shape.password }}>
          {(field) => (
            <field.TextInput label="Password" type="password" autoComplete="new-password" />
          )}
        </form.AppField>
        <Button
          type="submit"
          size="lg"
          disabled={register.isPending}
          aria-busy={register.isPending}
          css={css.raw({ w: 'full', mt: '2' })}
        >
          {register.isPending ? <Spinner size="sm" label="Creating your account" /> : null}
          Sign up
        </Button>
      </form>
      <p className={css({ mt: '6', textAlign: 'center', color: 'textMuted' })}>
        Already have an account?{' '}
        <Link href={paths.signIn()} className={inlineLinkStyle}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
