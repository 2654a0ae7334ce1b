import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionJwt } from '../../tests/fixtures/jwt';
import { renderApp } from '../../tests/support/render-app';
import { HeaderAccount, HeaderAccountIcon } from './header-account';

function renderHeaderAccount(storedToken: string | null) {
  return renderApp({
    session: storedToken === null ? null : { token: storedToken },
    ui: <HeaderAccount placement="bar" />,
  });
}

describe('HeaderAccount', () => {
  it('offers a guest "Sign In"', () => {
    renderHeaderAccount(null);

    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('greets a signed-in shopper by username, and Logout signs out', async () => {
    const { session, user } = renderHeaderAccount(sessionJwt({ username: 'ada-roast' }));

    expect(screen.getByTestId('greeting').textContent).toBe('Hi, ada-roast');
    // The greeting is the way to the account (issue 18).
    const account = screen.getByRole('link', { name: 'Hi, ada-roast, My Account' });
    expect(account.getAttribute('href')).toBe('/account');
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(session.getSnapshot().value).toBe('signedOut');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('HeaderAccountIcon (phones)', () => {
  it('leads a guest to sign in, and a signed-in shopper to My Account', async () => {
    const guest = renderApp({ session: null, ui: <HeaderAccountIcon /> });
    expect(screen.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe(
      '/sign-in',
    );
    guest.unmount();

    renderApp({
      session: { token: sessionJwt({ username: 'ada-roast' }) },
      ui: <HeaderAccountIcon />,
    });
    expect((await screen.findByRole('link', { name: 'My Account' })).getAttribute('href')).toBe(
      '/account',
    );
  });
});
