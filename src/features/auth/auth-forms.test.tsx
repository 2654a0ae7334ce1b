import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { ApiError } from '../../api/api-error';
import type * as AuthModule from '../../api/auth';
import { SessionProvider } from '../../session/session';
import { runningSessionHandle } from '../../session/session-handle';
import { RegisterPage } from './register-page';
import { SignInPage } from './sign-in-page';

// The module boundary: the pages call login and signup.
vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  login: vi.fn(),
  signup: vi.fn(),
  authProviders: vi.fn(),
}));
const { authProviders, login, signup } = await import('../../api/auth');

beforeEach(() => {
  vi.mocked(login).mockReset();
  vi.mocked(signup).mockReset();
  vi.mocked(authProviders).mockReset();
  vi.mocked(authProviders).mockResolvedValue({ providers: [] });
});

function renderPage(page: 'sign-in' | 'register') {
  const session = createActor(sessionMachine, { input: { storedToken: null, remember: false } });
  session.start();
  const location = memoryLocation({ path: `/${page}`, record: true });
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider handle={runningSessionHandle(session)}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {page === 'sign-in' ? <SignInPage /> : <RegisterPage />}
        </Router>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location, session };
}

/** Types into a field (nothing for an empty value), leaves it and reads its message. */
async function messageAfterBlur(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  value: string,
) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value !== '') await user.type(input, value);
  // Leave the field by clicking outside it (tabbing from the last field would reach the submit
  // button, which leaves validation to the submit).
  await user.click(document.body);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('the identity-provider button', () => {
  it.each([
    ['sign-in', 'Sign in with Lumen ID'],
    ['register', 'Sign up with Lumen ID'],
  ] as const)('shows on %s when the server lists a provider', async (page, text) => {
    vi.mocked(authProviders).mockResolvedValue({ providers: [{ id: 'oidc', name: 'Lumen ID' }] });
    renderPage(page);
    const button = await screen.findByRole('link', { name: text });
    expect(new URL(button.getAttribute('href') ?? '').pathname).toBe('/api/v1/auth/oidc/authorize');
    expect(screen.getByText('Or used email')).toBeTruthy();
  });

  it.each(['sign-in', 'register'] as const)(
    'is absent on %s when the server has no provider, and so is the divider',
    async (page) => {
      renderPage(page);
      await vi.waitFor(() => expect(authProviders).toHaveBeenCalled());
      await screen.findByRole('button', { name: page === 'sign-in' ? 'Sign in' : 'Sign up' });
      expect(screen.queryByTestId('identity-provider')).toBeNull();
      expect(screen.queryByText('Or used email')).toBeNull();
    },
  );
});

describe('sign-in form', () => {
  it.each([
    ['Email', '', 'Email is required'],
    ['Email', 'ab', 'Must be at least 3 characters'],
    ['Password', '', 'Password is required'],
    ['Password', 'abcde', 'Must be at least 6 character'],
  ])('%s "%s" says "%s" on blur', async (label, value, message) => {
    const { user } = renderPage('sign-in');

    expect(await messageAfterBlur(user, label, value)).toBe(message);
  });

  it('leaves the message to the submit when focus goes to the submit button', async () => {
    const { user } = renderPage('register');
    await user.click(screen.getByLabelText('Password'));

    await user.tab();

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('accepts valid values without a message', async () => {
    const { user } = renderPage('sign-in');

    expect(await messageAfterBlur(user, 'Email', 'demo@lumen.test')).toBeUndefined();
    expect(await messageAfterBlur(user, 'Password', 'coffee123')).toBeUndefined();
  });

  it('shows every message and sends nothing when submitted empty', async () => {
    const { user } = renderPage('sign-in');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('updates a message from a submit as soon as the field is fixed', async () => {
    const { user } = renderPage('sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'ab');
    expect(await screen.findByText('Must be at least 3 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'c@lumen.test');

    await vi.waitFor(() => expect(screen.queryByText('Must be at least 3 characters')).toBeNull());
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('puts the server field message under the field', async () => {
    vi.mocked(login).mockRejectedValue(
      new ApiError({
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
        fields: { password: 'Invalid email or password' },
      }),
    );
    const { user } = renderPage('sign-in');

    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const password = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const id = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(id)?.textContent).toBe('Invalid email or password');
    expect(login).toHaveBeenCalledWith({
      loginInput: 'demo@lumen.test',
      password: 'wrong-password',
      rememberMe: false,
    });
  });

  it('sends the form once earlier messages are fixed', async () => {
    vi.mocked(login).mockResolvedValue({ token: 'x' });
    const { user } = renderPage('sign-in');

    await messageAfterBlur(user, 'Email', 'ab');
    await messageAfterBlur(user, 'Password', 'abc');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(login).toHaveBeenCalled());
  });

  it('shows the server message of a throttled sign-in', async () => {
    const message = 'Too many sign-in attempts. Please try again in 5 minutes.';
    vi.mocked(login).mockRejectedValue(new ApiError({ status: 429, code: 'UNKNOWN', message }));
    const { user } = renderPage('sign-in');

    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByTestId('sign-in-throttled')).textContent).toBe(message);
  });
});

describe('register form', () => {
  it.each([
    ['Name', '', 'Username is required'],
    ['Name', 'abcde', 'Must be at least 6 characters'],
    ['Name', 'a'.repeat(26), 'Must be smaller or equal to 25 characters'],
    ['Email', '', 'Email is required'],
    ['Email', 'not-an-email', 'Invalid email'],
    ['Password', '', 'Password is required'],
    ['Password', 'abcde', 'Must be at least 6 characters'],
  ])('%s "%s" says "%s" on blur', async (label, value, message) => {
    const { user } = renderPage('register');

    expect(await messageAfterBlur(user, label, value)).toBe(message);
  });

  it('shows the server message under Email when the address is taken', async () => {
    vi.mocked(signup).mockRejectedValue(
      new ApiError({
        status: 409,
        code: 'EMAIL_TAKEN',
        message: 'An account with this email already exists',
        fields: { email: 'An account with this email already exists' },
      }),
    );
    const { user } = renderPage('register');

    await user.type(screen.getByLabelText('Name'), 'coffee-lover');
    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(signup).toHaveBeenCalledWith({
      username: 'coffee-lover',
      email: 'demo@lumen.test',
      password: 'coffee123',
    });
  });
});
