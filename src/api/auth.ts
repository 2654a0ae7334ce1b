import { unwrap, unwrapEmpty } from './client';
import type { ApiClient, RequestOptions } from './client';
import type {
  AuthProviders,
  AuthToken,
  ChangePasswordRequest,
  LoginRequest,
  SignupRequest,
} from './types';

/** A 401 INVALID_CREDENTIALS carries `fields.password`; a 400 carries a field map. */
export async function login(
  api: ApiClient,
  body: LoginRequest,
  { signal }: RequestOptions = {},
): Promise<AuthToken> {
  return unwrap(await api.POST('/api/v1/auth/login', { body, signal }));
}

/** A taken email answers 409 EMAIL_TAKEN with `fields.email`. */
export async function signup(
  api: ApiClient,
  body: SignupRequest,
  { signal }: RequestOptions = {},
): Promise<AuthToken> {
  return unwrap(await api.POST('/api/v1/auth/signup', { body, signal }));
}

/** Older tokens stop working; the answer carries the new one. */
export async function changePassword(
  api: ApiClient,
  body: ChangePasswordRequest,
  { signal }: RequestOptions = {},
): Promise<AuthToken> {
  return unwrap(await api.PATCH('/api/v1/auth/password', { body, signal }));
}

/** The identity providers the server is configured with: none means no provider button. */
export async function authProviders(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<AuthProviders> {
  return unwrap(await api.GET('/api/v1/auth/providers', { signal }));
}

/**
 * Ends the session on the server: `token` is revoked there. Passed explicitly, since the session
 * forgets it the moment the shopper signs out, before this request leaves.
 */
export async function logout(
  api: ApiClient,
  token: string,
  { signal }: RequestOptions = {},
): Promise<void> {
  unwrapEmpty(
    await api.POST('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
      signal,
    }),
  );
}

/**
 * Where the browser goes (a full-page navigation, not a fetch) to sign in with the identity
 * provider (OpenID Connect, run by the API); it comes back to `returnTo?token=<jwt>`.
 */
export function identityProviderUrl(api: ApiClient, returnTo: string): string {
  const url = new URL(`${api.baseUrl}/api/v1/auth/oidc/authorize`);
  url.searchParams.set('returnTo', returnTo);
  return url.toString();
}
