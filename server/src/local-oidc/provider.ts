// A local OpenID provider for the demo and the tests, built on oidc-provider (a certified
// implementation): discovery, authorization code with PKCE required, signed ID tokens. It knows a
// few demo identities and shows one login-and-consent page in the shop's brand, with a way back
// to the shop. It listens on its own port beside the API (127.0.0.1 by default) and keeps
// everything in memory: a restart forgets its sessions, which a demo can afford. It asks nobody for
// a password, so an identity it asserts must never open an account someone else holds: the new
// shopper is a fresh subject (and email) at every sign-in, and the one fixed email, the seeded
// demo account's, only links with that account's password, again at every sign-in (ADR-0062).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { BRAND_NAME } from '../../../contract/brand';
import { brandPage, brandPageHeaders, escapeHtml } from '../brand-page';

export interface DemoIdentity {
  /** The subject (`sub`) the provider asserts, or the stem of a fresh one (`perSignIn`). */
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** Shown under the name on the page. */
  note?: string;
  /**
   * What is new at every sign-in: `subject`, a fresh `sub` (`<id>.<random>`), so no linked
   * account opens without the shop's own check; `subject-and-email`, a fresh email as well
   * (`<local>.<random>@<domain>`), so two people who choose it get two accounts. Unset: fixed
   * (tests that drive a provider of their own).
   */
  perSignIn?: 'subject' | 'subject-and-email';
}

export const LOCAL_PROVIDER_NAME = 'Lumen ID';
export const LOCAL_CLIENT_ID = 'lumen-storefront';

const DEMO_IDENTITIES: DemoIdentity[] = [
  {
    id: 'lumen-id-sam',
    name: 'Sam Taylor',
    email: 'sam.taylor@idp.test',
    emailVerified: true,
    note: 'a new shopper: the shop opens a new account each time',
    perSignIn: 'subject-and-email',
  },
  {
    id: 'lumen-id-demo',
    name: 'Demo Shopper',
    email: 'demo@lumen.test',
    emailVerified: true,
    note: "the demo account's email: the shop asks for its password (coffee123)",
    perSignIn: 'subject',
  },
  {
    id: 'lumen-id-riley',
    name: 'Riley Park',
    email: 'riley.park@idp.test',
    emailVerified: false,
    note: 'email not verified: the shop refuses it',
    perSignIn: 'subject',
  },
];

export interface LocalProviderOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret: string;
  /** The relying party's redirect URIs, read at the first request (the API may start after us). */
  redirectUris: () => string[];
  identities?: DemoIdentity[];
}

export interface LocalProvider {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 8 * 1024) {
        reject(new Error('form too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/** A fresh subject's random part: 12 lower-case hex digits (also the fresh email's). */
const FRESH = /^([A-Za-z0-9_-]+)\.([0-9a-f]{12})$/;

/** The identity a subject names: a fixed one, or a fresh one minted from its stem. */
function identityOf(
  byId: ReadonlyMap<string, DemoIdentity>,
  sub: string,
): DemoIdentity | undefined {
  const fixed = byId.get(sub);
  if (fixed) return fixed.perSignIn ? undefined : fixed;
  const [, stem = '', random = ''] = FRESH.exec(sub) ?? [];
  const base = byId.get(stem);
  if (!base?.perSignIn) return undefined;
  if (base.perSignIn === 'subject') return { ...base, id: sub };
  const at = base.email.lastIndexOf('@');
  const email = `${base.email.slice(0, at)}.${random}${base.email.slice(at)}`;
  return { ...base, id: sub, email };
}

/** The subject a sign-in as `identity` asserts: its own, or a fresh one. */
function subjectFor(identity: DemoIdentity): string {
  return identity.perSignIn ? `${identity.id}.${randomBytes(6).toString('hex')}` : identity.id;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export async function startLocalProvider(options: LocalProviderOptions): Promise<LocalProvider> {
  const host = options.host ?? '127.0.0.1';
  const clientId = options.clientId ?? LOCAL_CLIENT_ID;
  const identities = options.identities ?? DEMO_IDENTITIES;
  const byId = new Map(identities.map((identity) => [identity.id, identity]));
  let provider: Provider | null = null;
  let issuer = '';

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('local OpenID provider: request failed', error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Something went wrong in the local OpenID provider.');
      } else res.destroy();
    });
  });

  /** Built at the first request, when the relying party's redirect URIs are known. */
  function instance(): Provider {
    if (provider) return provider;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' });
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: options.clientSecret,
          redirect_uris: options.redirectUris(),
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // The relying party reads who signed in from the ID token alone.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const identity = identityOf(byId, sub);
        if (!identity) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: identity.email,
            email_verified: identity.emailVerified,
            name: identity.name,
          }),
        };
      },
      ttl: {
        AccessToken: 10 * 60,
        AuthorizationCode: 60,
        IdToken: 10 * 60,
        Interaction: 10 * 60,
        Session: 60 * 60,
        Grant: 60 * 60,
      },
    };
    provider = new Provider(issuer, configuration);
    return provider;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const oidc = instance();
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (!match) {
      oidc.callback()(req, res);
      return;
    }
    const [, uid, action] = match;
    const redirectOrigins = options
      .redirectUris()
      .map(originOf)
      .filter((origin): origin is string => origin !== null);
    let details;
    try {
      details = await oidc.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction mismatch');
    } catch {
      // Finished, expired, or another browser's (e.g. the Back button after signing in).
      res.statusCode = 400;
      for (const [k, v] of Object.entries(brandPageHeaders())) res.setHeader(k, v);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(overPage(redirectOrigins[0]));
      return;
    }
    if (req.method === 'GET' && !action) {
      res.statusCode = 200;
      for (const [k, v] of Object.entries(brandPageHeaders(redirectOrigins))) res.setHeader(k, v);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(interactionPage(uid ?? '', identities));
      return;
    }
    if (req.method !== 'POST') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, POST');
      res.end();
      return;
    }
    const form = await readForm(req);
    if (action === 'abort') {
      await oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The shopper went back to the shop' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const identity = byId.get(form.get('identity') ?? '');
    if (action !== 'login' || !identity) {
      res.statusCode = 400;
      res.end('Choose one of the listed identities.');
      return;
    }
    const clientOf = String(details.params.client_id);
    const accountId = subjectFor(identity);
    // A grant is the account's: a fresh subject never reuses an earlier one.
    const earlier = details.grantId ? await oidc.Grant.find(details.grantId) : undefined;
    const grant =
      earlier?.accountId === accountId
        ? earlier
        : new oidc.Grant({ accountId, clientId: clientOf });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await oidc.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function interactionPage(uid: string, identities: DemoIdentity[]): string {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const choices = identities
    .map(
      (identity) => `<form method="post" action="${base}/login">
    <input type="hidden" name="identity" value="${escapeHtml(identity.id)}">
    <button type="submit" class="identity"><strong>${escapeHtml(identity.name)}</strong><span>${escapeHtml(identity.email)}</span>${identity.note ? `<span>${escapeHtml(identity.note)}</span>` : ''}</button>
  </form>`,
    )
    .join('\n  ');
  return brandPage({
    eyebrow: `${LOCAL_PROVIDER_NAME}, the local demo identity provider`,
    title: `Sign in with ${LOCAL_PROVIDER_NAME}`,
    body: `<p>${escapeHtml(BRAND_NAME)} will receive your name and email address. Choose who you are to continue.</p>
  ${choices}
  <form method="post" action="${base}/abort">
    <button type="submit" class="secondary">Cancel and go back to ${escapeHtml(BRAND_NAME)}</button>
  </form>
  <p class="note">A demo provider on this machine: no password, no data leaves it.</p>`,
  });
}

function overPage(shopOrigin: string | undefined): string {
  return brandPage({
    eyebrow: `${LOCAL_PROVIDER_NAME}, the local demo identity provider`,
    title: 'This sign-in is over',
    body: `<p>It was finished, cancelled or has expired. Start again from the shop.</p>
  ${shopOrigin ? `<p><a href="${escapeHtml(`${shopOrigin}/sign-in`)}">Back to ${escapeHtml(BRAND_NAME)}</a></p>` : ''}`,
  });
}
