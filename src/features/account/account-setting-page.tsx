import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { css } from 'styled-system/css';
import { textFieldBinding } from '../../components/field-change';
import { updateAccountUser } from '../../api/account';
import { accountKeys, accountQueries } from '../../api/account.queries';
import { isApiError } from '../../api/api-error';
import { changePassword } from '../../api/auth';
import type { User } from '../../api/types';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { LinkButton } from '../../components/link-button';
import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../components/paths';
import { Spinner } from '../../components/spinner';
import { useSessionActor } from '../../session/session';
import { accountSettingSchema, type AccountSettingValues } from './account-setting.schema';

export const SETTINGS_SAVED = 'Your changes have been saved.';
const NOTHING_TO_SAVE = 'Nothing to save: change a field first.';

type FieldName = keyof AccountSettingValues;
type Outcome = { kind: 'saved' | 'nothing' } | { kind: 'failed'; message: string } | null;

/** /account/setting (spec §2, D7): name and email, and the password with the current one. */
export function AccountSettingPage() {
  const user = useQuery(accountQueries.user());
  return (
    <PageContainer css={css.raw({ maxW: '3xl' })}>
      <LinkButton
        href={paths.account()}
        visual="ghost"
        size="sm"
        css={css.raw({ mb: '4', ml: '-3' })}
      >
        <span aria-hidden="true">←</span> Back
      </LinkButton>
      <PageTitle>Change Account</PageTitle>
      {user.isPending ? (
        <Spinner label="Loading your details..." showLabel />
      ) : user.isError ? (
        <p role="alert" className={css({ color: 'danger' })}>
          Your details could not be loaded. Please try again later.
        </p>
      ) : (
        <AccountSettingForm user={user.data} />
      )}
    </PageContainer>
  );
}

function AccountSettingForm({ user }: { user: User }) {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  const save = useMutation({
    mutationFn: async (values: AccountSettingValues) => {
      const parsed = accountSettingSchema.parse(values);
      const changes = {
        ...(parsed.username !== user.username ? { username: parsed.username } : {}),
        // A new email takes the current password (the server asks for it, issue 15).
        ...(parsed.email !== user.email
          ? { email: parsed.email, currentPassword: parsed.currentPassword }
          : {}),
      };
      let saved = false;
      if (Object.keys(changes).length > 0) {
        const answer = await updateAccountUser(changes);
        // The token's subject and username follow the change: the session takes the new one.
        session.send({ type: 'session.tokenRenewed', token: answer.token });
        queryClient.setQueryData(accountKeys.user(), answer.user);
        saved = true;
      }
      if (parsed.newPassword !== '') {
        const { token } = await changePassword({
          currentPassword: parsed.currentPassword,
          newPassword: parsed.newPassword,
        });
        // Older tokens stop working once the password changed.
        session.send({ type: 'session.tokenRenewed', token });
        saved = true;
      }
      return saved;
    },
    onSuccess: async (saved) => {
      if (!saved) {
        setOutcome({ kind: 'nothing' });
        return;
      }
      form.setFieldValue('currentPassword', '');
      form.setFieldValue('newPassword', '');
      setOutcome({ kind: 'saved' });
      toast.success(SETTINGS_SAVED);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    onError: (error) => {
      if (isApiError(error) && error.hasFieldErrors) {
        setServerErrors({
          username: error.fields.username,
          email: error.fields.email,
          currentPassword: error.fields.currentPassword,
          newPassword: error.fields.newPassword,
        });
      }
      const message = isApiError(error) ? error.message : 'Your changes could not be saved.';
      setOutcome({ kind: 'failed', message });
      toast.error(message);
    },
  });

  const form = useForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: {
      username: user.username,
      email: user.email,
      currentPassword: '',
      newPassword: '',
    } as AccountSettingValues,
    validators: { onSubmit: accountSettingSchema },
    onSubmit: ({ value }) => {
      setServerErrors({});
      setOutcome(null);
      save.mutate(value);
    },
  });

  const clearServerError = (name: FieldName) =>
    setServerErrors((errors) => ({ ...errors, [name]: undefined }));

  return (
    <form
      noValidate
      aria-label="Change account"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
      className={css({
        display: 'grid',
        gap: '4',
        p: { base: '5', md: '8' },
        borderRadius: '2xl',
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
      })}
    >
      <form.Field name="username" validators={{ onBlur: accountSettingSchema.shape.username }}>
        {(field) => (
          <TextField
            label="Name"
            name={field.name}
            autoComplete="username"
            {...textFieldBinding(field, {
              serverError: serverErrors.username,
              onEdit: () => clearServerError('username'),
            })}
          />
        )}
      </form.Field>
      <form.Field name="email" validators={{ onBlur: accountSettingSchema.shape.email }}>
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

      <h2
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          mt: '2',
          color: 'textMuted',
          fontSize: 'sm',
          fontWeight: 'semibold',
          _before: { content: '""', flex: '1', h: '1px', bg: 'border' },
          _after: { content: '""', flex: '1', h: '1px', bg: 'border' },
        })}
      >
        Change password
      </h2>

      <form.Field name="currentPassword">
        {(field) => (
          <TextField
            label="Password"
            hint="Your current password, needed only to change it."
            name={field.name}
            type="password"
            autoComplete="current-password"
            {...textFieldBinding(field, {
              serverError: serverErrors.currentPassword,
              onEdit: () => clearServerError('currentPassword'),
            })}
          />
        )}
      </form.Field>
      <form.Field name="newPassword">
        {(field) => (
          <TextField
            label="New Password"
            name={field.name}
            type="password"
            autoComplete="new-password"
            {...textFieldBinding(field, {
              serverError: serverErrors.newPassword,
              onEdit: () => clearServerError('newPassword'),
            })}
          />
        )}
      </form.Field>

      <div role="status" aria-live="polite" data-testid="settings-outcome">
        {outcome?.kind === 'saved' ? (
          <p className={css({ color: 'success', fontWeight: 'semibold' })}>{SETTINGS_SAVED}</p>
        ) : outcome?.kind === 'nothing' ? (
          <p className={css({ color: 'textMuted' })}>{NOTHING_TO_SAVE}</p>
        ) : outcome?.kind === 'failed' ? (
          <p className={css({ color: 'danger', fontWeight: 'semibold' })}>{outcome.message}</p>
        ) : null}
      </div>

      <Button
        type="submit"
        size="lg"
        disabled={save.isPending}
        aria-busy={save.isPending}
        css={css.raw({ justifySelf: { base: 'stretch', sm: 'end' } })}
      >
        {save.isPending ? <Spinner size="sm" label="Saving" /> : null}
        Save Changes
      </Button>
    </form>
  );
}
