import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionJwt } from '../../../tests/fixtures/jwt';
import { errorAnswer, inTurn } from '../../../tests/support/fake-api';
import { renderApp } from '../../../tests/support/render-app';
import { AccountSettingPage } from './account-setting-page';

const USER = 'GET /api/v1/account/user';
const PASSWORD = 'PATCH /api/v1/auth/password';
const WRONG = 'Current password is incorrect';

const user = {
  userId: 7,
  username: 'demo-shopper',
  email: 'demo@lumen.test',
  phone: null,
};

/** The error message under a field (its `-error` description), if any. */
function fieldError(input: HTMLElement): string | undefined {
  const errorId = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? undefined) : undefined;
}

describe("account settings: the server's answer as the form's onSubmitAsync errors", () => {
  it(
    'puts a wrong current password under Password until it is edited; the next save is sent',
    { timeout: 40_000 },
    async () => {
      const { api, user: shopper } = renderApp({
        path: '/account/setting',
        session: { token: sessionJwt() },
        api: {
          [USER]: user,
          [PASSWORD]: inTurn(
            () =>
              errorAnswer(400, 'VALIDATION_FAILED', 'Request validation failed', {
                fields: { currentPassword: WRONG },
              }),
            { token: sessionJwt() },
          ),
        },
        ui: <AccountSettingPage />,
      });
      const current = () => screen.getByLabelText('Password', { exact: true });
      await screen.findByRole('form', { name: 'Change account' });
      await shopper.type(current(), 'not-my-password');
      await shopper.type(screen.getByLabelText('New Password'), 'fresh-beans');
      await shopper.click(screen.getByRole('button', { name: 'Save Changes' }));

      await vi.waitFor(() => expect(fieldError(current())).toBe(WRONG));
      expect(fieldError(screen.getByLabelText('New Password'))).toBeUndefined();
      await vi.waitFor(() =>
        expect(screen.getByTestId('settings-outcome').textContent).toBe(
          'Request validation failed',
        ),
      );

      await shopper.clear(current());
      await shopper.type(current(), 'coffee123');
      expect(fieldError(current())).toBeUndefined();
      await shopper.click(screen.getByRole('button', { name: 'Save Changes' }));

      await vi.waitFor(() =>
        expect(screen.getByTestId('settings-outcome').textContent).toBe(
          'Your changes have been saved.',
        ),
      );
      expect(api.callsTo(PASSWORD).map(({ body }) => body)).toEqual([
        { currentPassword: 'not-my-password', newPassword: 'fresh-beans' },
        { currentPassword: 'coffee123', newPassword: 'fresh-beans' },
      ]);
      expect(current()).toHaveProperty('value', '');
    },
  );
});
