import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { css } from 'styled-system/css';
import { accountMutations } from '../../api/account.mutations';
import { accountQueries } from '../../api/account.queries';
import { isApiError } from '../../api/api-error';
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

  // The write and its cache work live in src/api (account.mutations.ts); the page hands the
  // session each fresh token and reacts to the answer.
  const save = useMutation(
    accountMutations(queryClient).saveSettings((token) =>
      session.send({ type: 'session.tokenRenewed', token }),
    ),
  );

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
          await save.mutateAsync(
            { user, settings: accountSettingSchema.parse(value) },
            {
              onSuccess: (saved) => {
                if (!saved) return;
                form.setFieldValue('currentPassword', '');
                form.setFieldValue('newPassword', '');
                toast.success(SETTINGS_SAVED);
              },
            },
          );
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
