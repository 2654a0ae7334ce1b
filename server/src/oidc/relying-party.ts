// The API as an OpenID Connect relying party, through openid-client (a certified RP library):
// discovery, the authorization URL with PKCE (S256), state and nonce, and the code exchange with
// ID-token validation. Discovery is lazy and retried, so the API starts even while the provider
// is down; only a sign-in then fails.
import * as client from 'openid-client';

export interface OidcSettings {
  /** The provider's issuer URL (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Our redirect URI as registered at the provider; default `<serving origin>/api/v1/auth/oidc/callback`. */
  redirectUri?: string | null;
  /** Shown to shoppers (`GET /auth/providers`). */
  name?: string;
}

export const OIDC_CALLBACK_PATH = '/api/v1/auth/oidc/callback';
const OIDC_SCOPE = 'openid email profile';
const DEFAULT_PROVIDER_NAME = 'Lumen ID';

interface OidcStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface RelyingParty {
  readonly name: string;
  readonly issuer: string;
  /** Fixed redirect URI, or null to derive it from the serving origin. */
  readonly redirectUri: string | null;
  start(redirectUri: string): Promise<OidcStart>;
  /**
   * Exchanges the code and validates the answer: `state` (RFC 9207 `iss` when the provider sends
   * it), PKCE, the ID token's signature, issuer, audience, expiry and `nonce`. Throws on any failure.
   */
  finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity>;
}

/** Plain http only for a provider on this machine (the local demo provider); never elsewhere. */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function createRelyingParty(settings: OidcSettings): RelyingParty {
  const issuer = new URL(settings.issuer);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback(issuer))) {
    throw new Error('OIDC_ISSUER must be https (plain http only for a provider on this machine)');
  }
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = null; // the next sign-in tries again
        throw error;
      });
    return discovered;
  };

  return {
    name: settings.name ?? DEFAULT_PROVIDER_NAME,
    issuer: issuer.href,
    redirectUri: settings.redirectUri ?? null,
    async start(redirectUri) {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },
    async finish(callbackUrl, expected) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: email || null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
      };
    },
  };
}
