import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { changeValue, leaveField, textFieldBinding } from '../../components/field-change';
import { isApiError } from '../../api/api-error';
import { login } from '../../api/auth';
import { Button } from '../../components/button';
import { CheckboxField, TextField } from '../../components/form-field';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../components/paths';
import { Spinner } from '../../components/spinner';
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

type ServerErrors = Partial<Record<'loginInput' | 'password', string>>;

/** Spec §2 "Sign-in", §5, §8; "Remember me" really chooses how long the session lasts (D7). */
export function SignInPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [throttled, setThrottled] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const signIn = useMutation({
    mutationFn: (values: SignInValues) => login(values),
    onSuccess: ({ token }, values) => {
      session.send({ type: 'session.signIn', token, remember: values.rememberMe });
      authToast.success(LOGIN_SUCCEEDED);
      navigate(next ?? paths.account());
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 429) {
        // Throttled: the server's message says when to try again.
        setThrottled(error.message);
        authToast.error(error.message);
        return;
      }
      if (isApiError(error) && error.isNetwork) {
        authToast.error(error.message);
        return;
      }
      setServerErrors({
        ...(isApiError(error) && error.fields.loginInput
          ? { loginInput: error.fields.loginInput }
          : {}),
        ...(isApiError(error) && error.fields.password ? { password: error.fields.password } : {}),
      });
      authToast.error(LOGIN_FAILED);
    },
  });

  const form = useForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: { loginInput: '', password: '', rememberMe: false } as SignInValues,
    validators: { onSubmit: signInSchema },
    onSubmit: ({ value }) => {
      setServerErrors({});
      setThrottled(null);
      signIn.mutate(value);
    },
  });

  const clearServerError = (name: keyof ServerErrors) =>
    setServerErrors((errors) => ({ ...errors, [name]: undefined }));

  return (
    <AuthLayout>
      <PageTitle subtitle="Sign in to see your orders and check out faster.">
        Welcome Back
      </PageTitle>
      <IdentityProviderChoice label={(name) => `Sign in with ${name}`} divider="Or used email" />
      <form
        noValidate
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
        className={css({ display: 'grid', gap: '4' })}
      >
        {throttled ? (
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
            {throttled}
          </p>
        ) : null}
        <form.Field name="loginInput" validators={{ onBlur: signInSchema.shape.loginInput }}>
          {(field) => (
            <TextField
              label="Email"
              name={field.name}
              type="email"
              autoComplete="username"
              {...textFieldBinding(field, {
                serverError: serverErrors.loginInput,
                onEdit: () => clearServerError('loginInput'),
              })}
            />
          )}
        </form.Field>
        <form.Field name="password" validators={{ onBlur: signInSchema.shape.password }}>
          {(field) => (
            <TextField
              label="Password"
              name={field.name}
              type="password"
              autoComplete="current-password"
              {...textFieldBinding(field, {
                serverError: serverErrors.password,
                onEdit: () => clearServerError('password'),
              })}
            />
          )}
        </form.Field>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
          <form.Field name="rememberMe">
            {(field) => (
              <CheckboxField
                label="Remember me"
                name={field.name}
                checked={field.state.value}
                onBlur={(event) => leaveField(field, event)}
                onChange={(event) => changeValue(field, event.target.checked)}
              />
            )}
          </form.Field>
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
              _focusVisible: { outline: '3px solid', outlineColor: 'accent', outlineOffset: '2px' },
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
