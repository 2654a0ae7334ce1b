import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { textFieldBinding } from '../../components/field-change';
import { isApiError } from '../../api/api-error';
import { signup } from '../../api/auth';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../components/paths';
import { Spinner } from '../../components/spinner';
import { useSessionActor } from '../../session/session';
import { AuthLayout, inlineLinkStyle } from './auth-layout';
import { registerSchema, type RegisterValues } from './auth.schema';
import { authToast } from './auth-toasts';
import { IdentityProviderChoice } from './identity-provider-button';

export const SIGN_UP_SUCCEEDED = 'Account created successfully!';
export const SIGN_UP_FAILED = 'Sign up failed. Please check your details';

type FieldName = keyof RegisterValues;
type ServerErrors = Partial<Record<FieldName, string>>;

const FIELD_NAMES: readonly FieldName[] = ['username', 'email', 'password'];

/** Spec §2 "Register", §5, §8: the new account is signed in and lands on /account. */
export function RegisterPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});

  const register = useMutation({
    mutationFn: (values: RegisterValues) => signup(registerSchema.parse(values)),
    onSuccess: ({ token }) => {
      // No "Remember me" here: a new account keeps the spec's local-storage session.
      session.send({ type: 'session.signIn', token, remember: true });
      authToast.success(SIGN_UP_SUCCEEDED);
      navigate(paths.account());
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields: ServerErrors = {};
        for (const name of FIELD_NAMES) {
          const message = error.fieldError(name);
          if (message) fields[name] = message;
        }
        setServerErrors(fields);
      }
      authToast.error(SIGN_UP_FAILED);
    },
  });

  const form = useForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: { username: '', email: '', password: '' } as RegisterValues,
    validators: { onSubmit: registerSchema },
    onSubmit: ({ value }) => {
      setServerErrors({});
      register.mutate(value);
    },
  });

  const clearServerError = (name: FieldName) =>
    setServerErrors((errors) => ({ ...errors, [name]: undefined }));

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
        <form.Field name="username" validators={{ onBlur: registerSchema.shape.username }}>
          {(field) => (
            <TextField
              label="Name"
              // Spec §2 labels the field "Name" and spec §5's messages call it the username
              // ("Username is required"): the hint says they are one and the same.
              hint="Your username: 6 to 25 characters, shown when you are signed in."
              name={field.name}
              autoComplete="username"
              {...textFieldBinding(field, {
                serverError: serverErrors.username,
                onEdit: () => clearServerError('username'),
              })}
            />
          )}
        </form.Field>
        <form.Field name="email" validators={{ onBlur: registerSchema.shape.email }}>
          {(field) => (
            <TextField
              label="Email"
              name={field.name}
              type="email"
              autoComplete="email"
              {...textFieldBinding(field, {
                serverError: serverErrors.email,
                onEdit: () => clearServerError('email'),
              })}
            />
          )}
        </form.Field>
        <form.Field name="password" validators={{ onBlur: registerSchema.shape.password }}>
          {(field) => (
            <TextField
              label="Password"
              name={field.name}
              type="password"
              autoComplete="new-password"
              {...textFieldBinding(field, {
                serverError: serverErrors.password,
                onEdit: () => clearServerError('password'),
              })}
            />
          )}
        </form.Field>
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
