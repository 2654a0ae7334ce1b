import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { css } from 'styled-system/css';
import { updateAccountUser } from '../../api/account';
import { accountKeys, accountQueries } from '../../api/account.queries';
import { isApiError } from '../../api/api-error';
import { apiOf } from '../../api/client';
import { changePassword } from '../../api/auth';
import type { User } from '../../api/types';
import { serverFieldErrors, useAppForm } from '../../components/shop-form';
import { Button } from '../../ui/button';
import { LinkButton } from '../../ui/link-button';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { useSessionActor } from '../../session/session';
import { accountSettingSchema, type AccountSettingValues } from './account-setting.schema';

export const SETTINGS_SAVED = 'Your changes have been saved.';
const NOTHING_TO_SAVE = 'Nothing to save: change a field first.';

/** The fields the server may speak of (a taken email, a wrong current password). */
const SERVER_FIELDS: readonly (keyof AccountSettingValues)[] = [
  'username',
  'email',
  'currentPassword',
  'newPassword',
];

function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'Your changes could not be saved.';
}

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

  const save = useMutation({
    mutationFn: async (values: AccountSettingValues, { client }) => {
      const api = apiOf(client);
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
        const answer = await updateAccountUser(api, changes);
        // The token's subject and username follow the change: the session takes the new one.
        session.send({ type: 'session.tokenRenewed', token: answer.token });
        queryClient.setQueryData(accountKeys.user(), answer.user);
        saved = true;
      }
      if (parsed.newPassword !== '') {
        const { token } = await changePassword(api, {
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
      if (!saved) return;
      form.setFieldValue('currentPassword', '');
      form.setFieldValue('newPassword', '');
      toast.success(SETTINGS_SAVED);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });

  const form = useAppForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: {
      username: user.username,
      email: user.email,
      currentPassword: '',
      newPassword: '',
    } as AccountSettingValues,
    validators: {
      onSubmit: accountSettingSchema,
      // The server is the last check: its refusal comes back as the form's errors.
      onSubmitAsync: async ({ value }) => {
        try {
          await save.mutateAsync(value);
          return undefined;
        } catch (error) {
          toast.error(failureMessage(error));
          return serverFieldErrors(error, SERVER_FIELDS);
        }
      },
    },
  });

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
      <form.AppField name="username" validators={{ onBlur: accountSettingSchema.shape.username }}>
        {(field) => <field.TextInput label="Name" autoComplete="username" />}
      </form.AppField>
      <form.AppField name="email" validators={{ onBlur: accountSettingSchema.shape.email }}>
        {(field) => <field.TextInput label="Email" type="email" autoComplete="email" />}
      </form.AppField>

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

      <form.AppField name="currentPassword">
        {(field) => (
          <field.TextInput
            label="Password"
            hint="Your current password, needed only to change it."
            type="password"
            autoComplete="current-password"
          />
        )}
      </form.AppField>
      <form.AppField name="newPassword">
        {(field) => (
          <field.TextInput label="New Password" type="password" autoComplete="new-password" />
        )}
      </form.AppField>

      <div role="status" aria-live="polite" data-testid="settings-outcome">
        {/* The last answer's outcome, until the next save is sent. */}
        {save.isError ? (
          <p className={css({ color: 'danger', fontWeight: 'semibold' })}>
            {failureMessage(save.error)}
          </p>
        ) : save.isSuccess && save.data ? (
          <p className={css({ color: 'success', fontWeight: 'semibold' })}>{SETTINGS_SAVED}</p>
        ) : save.isSuccess ? (
          <p className={css({ color: 'textMuted' })}>{NOTHING_TO_SAVE}</p>
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
