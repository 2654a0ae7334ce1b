import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { sessionJwt } from '../../tests/fixtures/jwt';
import { SessionProvider } from '../session/session';
import { runningSessionHandle } from '../session/session-handle';
import { HeaderAccount } from './header-account';

function renderHeaderAccount(storedToken: string | null) {
  const session = createActor(sessionMachine, { input: { storedToken, remember: true } });
  session.start();
  const location = memoryLocation({ path: '/', record: true });
  render(
    <SessionProvider handle={runningSessionHandle(session)}>
      <Router hook={location.hook}>
        <HeaderAccount placement="bar" />
      </Router>
    </SessionProvider>,
  );
  return { session };
}

describe('HeaderAccount', () => {
  it('offers a guest "Sign In"', () => {
    renderHeaderAccount(null);

    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('greets a signed-in shopper by username, and Logout signs out', async () => {
    const { session } = renderHeaderAccount(sessionJwt({ username: 'ada-roast' }));

    expect(screen.getByTestId('greeting').textContent).toBe('Hi, ada-roast');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(session.getSnapshot().value).toBe('signedOut');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
