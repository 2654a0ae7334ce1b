import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { authProviders, changePassword, login, logout, signup } from '../../src/api/auth';
import { EXAMPLE_JWT, bearer, createPact, jsonRequest, useApi } from './pact-harness';
import { authToken, errorBody } from './response-shapes';

const { string, boolean, eachLike } = MatchersV3;
const contract = createPact('auth');
const DEMO = 'a user demo@lumen.test exists with password coffee123';
const WITH_PROVIDER = 'an OpenID provider is configured';
const WITHOUT_PROVIDER = 'no OpenID provider is configured';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('auth contract', () => {
  it('signs in with email and password', async () => {
    await contract
      .interaction('a sign-in with the right password')
      .given(DEMO)
      .withRequest('POST', '/api/v1/auth/login', (req) =>
        req.headers(jsonRequest).jsonBody({
          loginInput: 'demo@lumen.test',
          password: 'coffee123',
          rememberMe: boolean(true),
        }),
      )
      .willRespondWith(200, (res) => res.jsonBody(authToken))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const { token } = await login(api, {
          loginInput: 'demo@lumen.test',
          password: 'coffee123',
          rememberMe: true,
        });
        expect(token.split('.')).toHaveLength(3);
      });
  });

  it('refuses a wrong password with a message under the password field', async () => {
    await contract
      .interaction('a sign-in with a wrong password')
      .given(DEMO)
      .withRequest('POST', '/api/v1/auth/login', (req) =>
        req.headers(jsonRequest).jsonBody({
          loginInput: 'demo@lumen.test',
          password: 'wrong-password',
          rememberMe: false,
        }),
      )
      .willRespondWith(401, (res) =>
        res.jsonBody(
          errorBody(401, 'INVALID_CREDENTIALS', 'Invalid email or password', {
            fields: { password: string('Invalid email or password') },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { api, onUnauthorized } = useApi(mock);
        const error = await rejection(
          login(api, {
            loginInput: 'demo@lumen.test',
            password: 'wrong-password',
            rememberMe: false,
          }),
        );
        expect(error.isInvalidCredentials).toBe(true);
        expect(error.fieldError('password')).toBe('Invalid email or password');
        // Wrong credentials are not a lost session.
        expect(onUnauthorized).not.toHaveBeenCalled();
      });
  });

  it('answers 400 with a field map for a password that is too short', async () => {
    await contract
      .interaction('a sign-in with a too-short password')
      .withRequest('POST', '/api/v1/auth/login', (req) =>
        req
          .headers(jsonRequest)
          .jsonBody({ loginInput: 'demo@lumen.test', password: '123', rememberMe: false }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody(
          errorBody(400, 'VALIDATION_FAILED', 'Request validation failed', {
            fields: { password: string('Must be at least 6 character') },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await rejection(
          login(api, { loginInput: 'demo@lumen.test', password: '123', rememberMe: false }),
        );
        expect(error.isValidation).toBe(true);
        expect(error.fields).toEqual({ password: 'Must be at least 6 character' });
      });
  });

  it('creates an account', async () => {
    await contract
      .interaction('a sign-up with a new email')
      .given('no user uses the email new@lumen.test')
      .withRequest('POST', '/api/v1/auth/signup', (req) =>
        req
          .headers(jsonRequest)
          .jsonBody({ username: 'coffee-lover', email: 'new@lumen.test', password: 'coffee123' }),
      )
      .willRespondWith(201, (res) => res.jsonBody(authToken))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const { token } = await signup(api, {
          username: 'coffee-lover',
          email: 'new@lumen.test',
          password: 'coffee123',
        });
        expect(token).toMatch(/\./);
      });
  });

  it('refuses a sign-up with a taken email', async () => {
    await contract
      .interaction('a sign-up with an email already in use')
      .given(DEMO)
      .withRequest('POST', '/api/v1/auth/signup', (req) =>
        req
          .headers(jsonRequest)
          .jsonBody({ username: 'demo-again', email: 'demo@lumen.test', password: 'coffee123' }),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody(
          errorBody(409, 'EMAIL_TAKEN', 'An account with this email already exists', {
            fields: { email: string('An account with this email already exists') },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await rejection(
          signup(api, { username: 'demo-again', email: 'demo@lumen.test', password: 'coffee123' }),
        );
        expect(error.isEmailTaken).toBe(true);
        expect(error.fieldError('email')).toBe('An account with this email already exists');
      });
  });

  it('signs out: the token is revoked on the server', async () => {
    await contract
      .interaction('a sign-out')
      .given(DEMO)
      .withRequest('POST', '/api/v1/auth/logout', (req) => req.headers(bearer))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        // The session has already forgotten the token when the request leaves.
        const { api, onUnauthorized } = useApi(mock);
        await logout(api, EXAMPLE_JWT);
        expect(onUnauthorized).not.toHaveBeenCalled();
      });
  });

  it('changes the password and answers a fresh token', async () => {
    await contract
      .interaction('a password change with the right current password')
      .given(DEMO)
      .withRequest('PATCH', '/api/v1/auth/password', (req) =>
        req
          .headers({ ...bearer, ...jsonRequest })
          .jsonBody({ currentPassword: 'coffee123', newPassword: 'espresso456' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(authToken))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const { token } = await changePassword(api, {
          currentPassword: 'coffee123',
          newPassword: 'espresso456',
        });
        expect(token).not.toBe(EXAMPLE_JWT);
      });
  });

  it('learns that an identity provider is configured (the button shows)', async () => {
    await contract
      .interaction('a request for the identity providers, one configured')
      .given(WITH_PROVIDER)
      .withRequest('GET', '/api/v1/auth/providers')
      .willRespondWith(200, (res) =>
        res.jsonBody({ providers: eachLike({ id: string('oidc'), name: string('Lumen ID') }, 1) }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const { providers } = await authProviders(api);
        expect(providers[0]?.name).toBe('Lumen ID');
      });
  });

  it('learns that no identity provider is configured (no button)', async () => {
    await contract
      .interaction('a request for the identity providers, none configured')
      .given(WITHOUT_PROVIDER)
      .withRequest('GET', '/api/v1/auth/providers')
      .willRespondWith(200, (res) => res.jsonBody({ providers: [] }))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        expect((await authProviders(api)).providers).toEqual([]);
      });
  });
});
