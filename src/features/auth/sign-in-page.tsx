import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { isApiError } from '../../api/api-error';
import { login } from '../../api/auth';
import { apiOf } from '../../api/client';
import { serverFieldErrors, useAppForm } from '../../components/shop-form';
import { Button } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { safeNextPath } from '../../session/next-path';
import { useSessionActor } from '../../session/session';
import { AuthLayout, inlineLinkStyle } from './auth-layout';
import { signInSchema, type SignInValues } from './auth.schema';
import { authToast } from './auth-toasts';
import { IdentityProviderChoice } from './identity-provider-button';

export const LOGIN_FAILED = 'Invalid email or password';
export const LOGIN_SUCCEEDED = 'Log in successfully';
const FORGOT_PASSWORD_NOTE =
  'Password reset is not available online yet. Please contact our customer service.';

/** The fields the server may speak of when it refuses a sign-in. */
const SERVER_FIELDS = ['loginInput', 'password'] as const;

/** Throttled (429): the server's message says when to try again. */
function isThrottled(error: unknown): boolean {
  return isApiError(error) && error.status === 429;
}

/**
 * What a refused sign-in says, as the form's `onSubmitAsync` result: throttled, a toast (and
 * the message above the form, read from the mutation until the next attempt); no answer, a
 * toast; refused, the server's field messages under the fields and the spec's toast.
 */
function signInRefusal(error: unknown) {
  if (isApiError(error) && (isThrottled(error) || error.isNetwork)) {
    authToast.error(error.message);
    return undefined;
  }
  authToast.error(LOGIN_FAILED);
  return serverFieldErrors(error, SERVER_FIELDS);
}

/** Spec §2 "Sign-in", §5, §8; "Remember me" really chooses how long the session lasts (D7). */
export function SignInPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const [forgotOpen, setForgotOpen] = useState(false);

  const signIn = useMutation({
    mutationFn: (values: SignInValues, { client }) => login(apiOf(client), values),
    onSuccess: ({ token }, values) => {
      session.send({ type: 'session.signIn', token, remember: values.rememberMe });
      authToast.success(LOGIN_SUCCEEDED);
      navigate(next ?? paths.account());
    },
  });

  const form = useAppForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: { loginInput: '', password: '', rememberMe: false } as SignInValues,
    validators: {
      onSubmit: signInSchema,
      // The server is the last check: its refusal comes back as the form's errors.
      onSubmitAsync: async ({ value }) => {
        try {
          await signIn.mutateAsync(value);
          return undefined;
        } catch (error) {
          return signInRefusal(error);
        }
      },
    },
  });

  return (
    <AuthLayout>
      <PageTitle subtitle="Sign in to see your orders and check out faster.">
        Welcome Back
      </PageTitle>
      <IdentityProviderChoice
        label={(name) => `Sign in with ${name}`}
        divider="Or used email"
        next={next}
      />
      <form
        noValidate
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
        className={css({ display: 'grid', gap: '4' })}
      >
        {signIn.isError && isThrottled(signIn.error) ? (
          <p
            role="alert"
            data-testid="sign-in-throttled"
            className={css({
              p: '3',
              borderRadius: 'lg',
              borderWidth: '1px',
              borderColor: 'danger',
              color: 'danger',
              fontWeight: 'medium',
            })}
          >
            {signIn.error.message}
          </p>
        ) : null}
        <form.AppField name="loginInput" validators={{ onBlur: signInSchema.shape.loginInput }}>
          {(field) => <field.TextInput label="Email" type="email" autoComplete="username" />}
        </form.AppField>
        <form.AppField name="password" validators={{ onBlur: signInSchema.shape.password }}>
          {(field) => (
            <field.TextInput label="Password" type="password" autoComplete="current-password" />
          )}
        </form.AppField>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
          <form.AppField name="rememberMe">
            {(field) => <field.CheckboxInput label="Remember me" />}
          </form.AppField>
          <button
            type="button"
            aria-expanded={forgotOpen}
            aria-controls="forgot-password-note"
            onClick={() => setForgotOpen((open) => !open)}
            className={css({
              bg: 'transparent',
              border: 'none',
              p: '0',
              cursor: 'pointer',
              color: 'accent',
              fontWeight: 'semibold',
              textDecoration: 'underline',
              textUnderlineOffset: '3px',
              borderRadius: 'sm',
              _focusVisible: { focusOutline: 'outside' },
            })}
          >
            Forgot Password?
          </button>
        </div>
        <p
          id="forgot-password-note"
          hidden={!forgotOpen}
          className={css({ color: 'textMuted', fontSize: 'sm' })}
        >
          {FORGOT_PASSWORD_NOTE}
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={signIn.isPending}
          aria-busy={signIn.isPending}
          css={css.raw({ w: 'full' })}
        >
          {signIn.isPending ? <Spinner size="sm" label="Signing in" /> : null}
          Sign in
        </Button>
      </form>
      <p className={css({ mt: '6', textAlign: 'center', color: 'textMuted' })}>
        New here?{' '}
        <Link href={paths.register()} className={inlineLinkStyle}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
