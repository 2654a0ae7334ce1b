import { act, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, inTurn, type Routes } from '../../../tests/support/fake-api';
import { renderApp } from '../../../tests/support/render-app';
import { rememberOrderToken } from '../../payment/order-tokens';
import { toast } from '../../ui/toast';
import { RegisterPage } from './register-page';
import { SignInPage } from './sign-in-page';

const LOGIN = 'POST /api/v1/auth/login';
const SIGNUP = 'POST /api/v1/auth/signup';
const PROVIDERS = 'GET /api/v1/auth/providers';

/**
 * The page inside the app's providers, a guest's session and router; the API answers `api`
 * (no identity provider configured unless it says otherwise).
 */
function renderPage(page: 'sign-in' | 'register', api: Routes = {}) {
  return renderApp({
    path: `/${page}`,
    api: { [PROVIDERS]: { providers: [] }, ...api },
    ui: page === 'sign-in' ? <SignInPage /> : <RegisterPage />,
  });
}

describe('the identity-provider button', () => {
  it.each([
    ['sign-in', 'Sign in with Lumen ID'],
    ['register', 'Sign up with Lumen ID'],
  ] as const)('shows on %s when the server lists a provider', async (page, text) => {
    // The sign-in page suspends while the session actor loads: let React finish inside act.
    await act(async () => {
      renderPage(page, { [PROVIDERS]: { providers: [{ id: 'oidc', name: 'Lumen ID' }] } });
    });
    const button = await screen.findByRole('link', { name: text }, { timeout: 10_000 });
    expect(new URL(button.getAttribute('href') ?? '').pathname).toBe('/api/v1/auth/oidc/authorize');
    expect(screen.getByText('Or used email')).toBeTruthy();
  });

  it.each(['sign-in', 'register'] as const)(
    'is absent on %s when the server has no provider, and so is the divider',
    async (page) => {
      const { api } = renderPage(page);
      await vi.waitFor(() => expect(api.callsTo(PROVIDERS)).toHaveLength(1));
      await screen.findByRole('button', { name: page === 'sign-in' ? 'Sign in' : 'Sign up' });
      expect(screen.queryByTestId('identity-provider')).toBeNull();
      expect(screen.queryByText('Or used email')).toBeNull();
    },
  );
});

/** Types into a field (nothing for an empty value), leaves it and reads its message. */
/** What a screen reader reads after the field's name: its hint, then its error. */
function accessibleDescription(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

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
  // The error among the field's descriptions (a field may also carry a hint).
  const errorId = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((id) => id.endsWith('-error'));
  return errorId ? document.getElementById(errorId)?.textContent : undefined;
}

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
    const { user, api } = renderPage('sign-in');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.callsTo(LOGIN)).toEqual([]);
  });

  it('after a submit, a message changes when the field is left, and goes as soon as it is fixed', async () => {
    const { user } = renderPage('sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();

    // No new words at a keystroke (ADR-0057): the message shown stays until the field is left.
    await user.type(screen.getByLabelText('Email'), 'ab');
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.queryByText('Must be at least 3 characters')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Must be at least 3 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'c@lumen.test');

    await vi.waitFor(() => expect(screen.queryByText('Must be at least 3 characters')).toBeNull());
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('puts the server field message under the field', async () => {
    const { user, api } = renderPage('sign-in', {
      [LOGIN]: () =>
        errorAnswer(401, 'INVALID_CREDENTIALS', 'Invalid email or password', {
          fields: { password: 'Invalid email or password' },
        }),
    });

    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const password = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const id = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(id)?.textContent).toBe('Invalid email or password');
    expect(api.callsTo(LOGIN).map(({ body }) => body)).toEqual([
      { loginInput: 'demo@lumen.test', password: 'wrong-password', rememberMe: false },
    ]);
  });

  it('sends the form once earlier messages are fixed', async () => {
    const { user, api } = renderPage('sign-in', { [LOGIN]: { token: 'x' } });

    await messageAfterBlur(user, 'Email', 'ab');
    await messageAfterBlur(user, 'Password', 'abc');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(api.callsTo(LOGIN)).toHaveLength(1));
  });

  it('shows the server message of a throttled sign-in', async () => {
    const message = 'Too many sign-in attempts. Please try again in 5 minutes.';
    const { user } = renderPage('sign-in', {
      [LOGIN]: () => errorAnswer(429, 'TOO_MANY_REQUESTS', message, { retryAfter: 300 }),
    });

    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByTestId('sign-in-throttled')).textContent).toBe(message);
  });
});

/** The error message under a field (its `-error` description), if any. */
function fieldError(input: HTMLElement): string | undefined {
  const errorId = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? undefined) : undefined;
}

/** Every toast's text on screen. */
function toastTexts(): string[] {
  return screen.queryAllByRole('status').map((toast) => toast.textContent);
}

/** The page once it has settled (it suspends while the session actor loads). */
async function settledPage(page: 'sign-in' | 'register', api: Routes) {
  let rendered: ReturnType<typeof renderPage> | undefined;
  await act(async () => {
    rendered = renderPage(page, api);
  });
  if (!rendered) throw new Error('not rendered');
  return rendered;
}

describe("the server's answer as the form's onSubmitAsync errors", () => {
  afterEach(() => {
    act(() => toast.remove());
  });

  const refused = () =>
    errorAnswer(401, 'INVALID_CREDENTIALS', 'Invalid email or password', {
      fields: { loginInput: 'Invalid email or password', password: 'Invalid email or password' },
    });

  it('sign-in: a refusal speaks under each field it names, until that field is edited', async () => {
    const { user, api } = await settledPage('sign-in', { [LOGIN]: refused });
    const email = () => screen.getByLabelText('Email');
    const password = () => screen.getByLabelText('Password');
    await user.type(email(), 'demo@lumen.test');
    await user.type(password(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(fieldError(password())).toBe('Invalid email or password'));
    expect(fieldError(email())).toBe('Invalid email or password');
    await vi.waitFor(() => expect(toastTexts()).toContain('Invalid email or password'));

    // Editing the password drops its message; the email's stays: it was not edited.
    await user.type(password(), '2');
    expect(fieldError(password())).toBeUndefined();
    expect(fieldError(email())).toBe('Invalid email or password');

    // The next refusal brings it back.
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(api.callsTo(LOGIN)).toHaveLength(2));
    await vi.waitFor(() => expect(fieldError(password())).toBe('Invalid email or password'));
  });

  it('sign-in: the throttle message stays above the form until the next answer replaces it', async () => {
    const message = 'Too many sign-in attempts. Please try again in 30 seconds.';
    const { user, api } = await settledPage('sign-in', {
      [LOGIN]: inTurn(
        () => errorAnswer(429, 'TOO_MANY_REQUESTS', message, { retryAfter: 30 }),
        refused,
      ),
    });
    const password = () => screen.getByLabelText('Password');
    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(password(), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByTestId('sign-in-throttled')).textContent).toBe(message);
    // A throttled sign-in names no field.
    expect(fieldError(password())).toBeUndefined();
    await user.type(password(), '4');
    expect(screen.getByTestId('sign-in-throttled').textContent).toBe(message);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(api.callsTo(LOGIN)).toHaveLength(2));
    await vi.waitFor(() => expect(fieldError(password())).toBe('Invalid email or password'));
    await vi.waitFor(() => expect(screen.queryByTestId('sign-in-throttled')).toBeNull());
  });

  it('register: a taken email speaks under Email only, with the toast, until Email is edited', async () => {
    const taken = 'An account with this email already exists';
    const { user } = await settledPage('register', {
      [SIGNUP]: () => errorAnswer(409, 'EMAIL_TAKEN', taken, { fields: { email: taken } }),
    });
    const email = () => screen.getByLabelText('Email');
    await user.type(screen.getByLabelText('Name'), 'coffee-lover');
    await user.type(email(), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await vi.waitFor(() => expect(fieldError(email())).toBe(taken));
    expect(fieldError(screen.getByLabelText('Name'))).toBeUndefined();
    expect(fieldError(screen.getByLabelText('Password'))).toBeUndefined();
    await vi.waitFor(() =>
      expect(toastTexts()).toContain('Sign up failed. Please check your details'),
    );

    await user.type(email(), 'x');
    expect(fieldError(email())).toBeUndefined();
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

  it('tells that Name is the username its messages speak of', async () => {
    const { user } = renderPage('register');

    const name = screen.getByLabelText('Name');
    expect(accessibleDescription(name)).toBe(
      'Your username: 6 to 25 characters, shown when you are signed in.',
    );
    await user.click(name);
    await user.click(document.body);
    expect(accessibleDescription(name)).toBe(
      'Your username: 6 to 25 characters, shown when you are signed in. Username is required',
    );
  });

  it('shows the server message under Email when the address is taken', async () => {
    const { user, api } = renderPage('register', {
      [SIGNUP]: () =>
        errorAnswer(409, 'EMAIL_TAKEN', 'An account with this email already exists', {
          fields: { email: 'An account with this email already exists' },
        }),
    });

    await user.type(screen.getByLabelText('Name'), 'coffee-lover');
    await user.type(screen.getByLabelText('Email'), 'demo@lumen.test');
    await user.type(screen.getByLabelText('Password'), 'coffee123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(api.callsTo(SIGNUP).map(({ body }) => body)).toEqual([
      { username: 'coffee-lover', email: 'demo@lumen.test', password: 'coffee123' },
    ]);
  });
});

describe('register form: the email of a guest order just placed (issue 30)', () => {
  const ORDER = 'GET /api/v1/order/{orderId}';
  afterEach(() => window.localStorage.clear());

  /** The order's detail as its token reads it; only the email matters here. */
  const orderOf = (email: string) => ({
    orderId: 41,
    status: 'PAID' as const,
    paymentStatus: 'PAID' as const,
    email,
    items: [],
    subtotalAmount: 10,
    taxAmount: 1,
    shippingAmount: 3.99,
    discountAmount: 0,
    totalAmount: 14.99,
    paymentMethod: 'card' as const,
    shippingMethod: 'Standard Shipping 4 - 6 Business Days',
    shippingAddress: {
      name: 'Ada Roast',
      apartment: null,
      country: 'CA',
      province: 'Ontario',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
      street: '12 King Street West',
      phoneNumber: '17021234567',
      isDefault: false,
    },
    promoCode: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    paymentError: null,
  });

  it("offers the latest guest order's email, read with its token, and it stays editable", async () => {
    rememberOrderToken(40, 'ot_older');
    rememberOrderToken(41, 'ot_latest');
    let page: ReturnType<typeof renderPage> | undefined;
    await act(async () => {
      page = renderPage('register', { [ORDER]: () => orderOf('guest@lumen.test') });
    });
    if (!page) throw new Error('not rendered');
    const { user, api } = page;

    const email = screen.getByLabelText<HTMLInputElement>('Email');
    await vi.waitFor(() => expect(email.value).toBe('guest@lumen.test'));
    expect(
      api.callsTo(ORDER).map((call) => [call.path, call.headers.get('X-Order-Token')]),
    ).toEqual([['/api/v1/order/41', 'ot_latest']]);
    await user.clear(email);
    await user.type(email, 'personal@lumen.test');
    expect(email.value).toBe('personal@lumen.test');
  });

  it('leaves the field empty without a guest order in this browser', async () => {
    const { api } = renderPage('register');
    await screen.findByRole('button', { name: 'Sign up' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
    expect(api.callsTo(ORDER)).toHaveLength(0);
  });
});
