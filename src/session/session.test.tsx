import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { sessionMachine, type SessionInput } from '../../machines/session.machine';
import { sessionJwt } from '../../tests/fixtures/jwt';
import { RequireSession, SessionProvider, useSessionUser } from './session';
import { runningSessionHandle } from './session-handle';

function renderProtected(input: SessionInput, path = '/account/address') {
  const session = createActor(sessionMachine, { input });
  session.start();
  const location = memoryLocation({ path, record: true });
  render(
    <SessionProvider handle={runningSessionHandle(session)}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RequireSession>
          <p>Address List</p>
        </RequireSession>
      </Router>
    </SessionProvider>,
  );
  return { location, session };
}

describe('RequireSession', () => {
  it('shows the page to a signed-in shopper', () => {
    renderProtected({ storedToken: sessionJwt(), remember: true });

    expect(screen.getByText('Address List')).toBeTruthy();
  });

  it('sends a guest to sign in, with the way back', () => {
    const { location } = renderProtected({ storedToken: null, remember: false });

    expect(screen.queryByText('Address List')).toBeNull();
    expect(location.history.at(-1)).toBe('/sign-in?next=%2Faccount%2Faddress');
  });

  it('waits while a new tab asks the others for a session', () => {
    const { location } = renderProtected({
      storedToken: null,
      remember: false,
      otherTabsWaitMs: 10_000,
    });

    expect(screen.getByRole('status').textContent).toBe('Checking your session...');
    expect(location.history).toEqual(['/account/address']);
  });

  it('leaves the page when the session ends', async () => {
    const { location, session } = renderProtected({ storedToken: sessionJwt(), remember: true });

    session.send({ type: 'session.unauthorized' });

    await vi.waitFor(() =>
      expect(location.history.at(-1)).toBe('/sign-in?next=%2Faccount%2Faddress'),
    );
    expect(screen.queryByText('Address List')).toBeNull();
  });
});

function Who() {
  const user = useSessionUser();
  return <p>{user ? `${user.username} <${user.email}>` : 'guest'}</p>;
}

describe('useSessionUser', () => {
  it('is null outside a SessionProvider (views tested without a session)', () => {
    render(<Who />);

    expect(screen.getByText('guest')).toBeTruthy();
  });

  it('reads the username claim, else the subject', () => {
    const session = createActor(sessionMachine, {
      input: {
        storedToken: sessionJwt({ email: 'ada@lumen.test', username: null }),
        remember: true,
      },
    });
    session.start();
    render(
      <SessionProvider handle={runningSessionHandle(session)}>
        <Who />
      </SessionProvider>,
    );

    expect(screen.getByText('ada@lumen.test <ada@lumen.test>')).toBeTruthy();
  });
});
