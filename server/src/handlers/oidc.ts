// Sign-in with an OpenID provider (D6, issue 15): the API is the relying party. Accounts from a
// provider are found by (issuer, subject); an email alone never opens an account: one that
// belongs to a password account needs that password once (the linking page), and an email the
// provider has not verified opens nothing.
import { unusablePasswordHash } from '../auth';
import { networkKey } from '../caller-keys';
import { brandPage, brandPageHeaders, escapeHtml } from '../brand-page';
import { DEV_ORIGINS } from '../dev-origins';
import type { AppConfig, HandlerContext, HandlerMap, HandlerResult } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, validationError } from '../http-error';
import { OIDC_CALLBACK_PATH, type OidcIdentity, type RelyingParty } from '../oidc/relying-party';
import {
  bindingFromCookie,
  createLink,
  dropLink,
  flowCookie,
  flowRoom,
  linkIdentity,
  MAX_LINK_ATTEMPTS,
  newBinding,
  reserveLinkAttempt,
  returnLinkAttempt,
  saveFlow,
  takeFlow,
  triesLeft,
  userIdForIdentity,
} from '../oidc/store';
import { getUser, getUserByEmail, tokenFor, type UserRow } from '../session';
import { checkPasswordThrottled, deviceCookieFor } from './auth';

const RETURN_TO_MESSAGE = "Must be the storefront's /auth/callback address";
const EXPIRED =
  'This sign-in has expired or was started in another browser. Please start again from the shop.';
const NOT_VERIFIED =
  'Your identity provider has not confirmed your email address, so it cannot open an account here. Confirm it with the provider, or sign in with your email and password.';
const OTHER_SIGN_IN =
  'This email already belongs to an account that signs in another way. Sign in the way you did before.';
const REFUSED = 'The identity provider did not complete the sign-in. Please try again.';
const UNREACHABLE = 'The identity provider cannot be reached right now. Please try again later.';
const WRONG_PASSWORD = 'That password is not right.';
const TOO_MANY = 'Too many wrong passwords. Please start again from the shop.';
const TOO_MANY_STARTS =
  'Too many sign-ins were started from here. Please try again in 10 minutes, or sign in with your email and password.';

/** Every address a sign-in may return its token to, exactly as written. */
function idpCallbackUrls(config: AppConfig): string[] {
  const origins = [...config.selfOrigins, ...(config.development ? DEV_ORIGINS : [])];
  return [...origins.map((origin) => `${origin}/auth/callback`), ...config.idpCallbackUrls];
}

/** Only a configured callback, the same string: no other path, query or fragment gets a token. */
function allowedReturnTo(config: AppConfig, value: string): URL | null {
  if (!idpCallbackUrls(config).includes(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A password account can be linked; provider-made accounts have no usable password. */
function hasPassword(user: Pick<UserRow, 'password_hash'>): boolean {
  return !user.password_hash.startsWith('!');
}

function provider(ctx: HandlerContext): RelyingParty {
  const rp = ctx.config.oidc;
  if (!rp) throw new ApiError(404, 'NOT_FOUND', 'No identity provider is configured');
  return rp;
}

/** The origin this request came to, when it is one of ours (else the first of ours). */
function servingOrigin(ctx: HandlerContext): string {
  const host = ctx.header('host');
  const candidate = host ? `http://${host}` : '';
  const ours = [...ctx.config.selfOrigins, ...(ctx.config.development ? DEV_ORIGINS : [])];
  return ours.includes(candidate) ? candidate : (ctx.config.selfOrigins[0] ?? candidate);
}

function page(
  status: number,
  title: string,
  body: string,
  extra: { formTargets?: string[]; headers?: Record<string, string> } = {},
): HandlerResult<never> {
  return {
    status,
    html: brandPage({ title, body }),
    headers: { ...brandPageHeaders(extra.formTargets), ...extra.headers },
  };
}

function problemPage(status: number, message: string, shopOrigin: string): HandlerResult<never> {
  return page(
    status,
    'Sign-in did not complete',
    `<p class="problem" role="alert">${escapeHtml(message)}</p>
  <p><a href="${escapeHtml(`${shopOrigin}/sign-in`)}">Back to sign in</a></p>`,
  );
}

function withToken(returnTo: string, token: string): HandlerResult<never> {
  const target = new URL(returnTo);
  target.searchParams.set('token', token);
  return { status: 302, headers: { Location: target.toString(), 'Cache-Control': 'no-store' } };
}

function linkPage(
  status: number,
  providerName: string,
  email: string,
  link: string,
  returnTo: URL,
  problem?: string,
  headers: Record<string, string> = {},
): HandlerResult<never> {
  return page(
    status,
    'Link your account',
    `<p>${escapeHtml(providerName)} says you are <strong>${escapeHtml(email)}</strong>. An account with this email already has a password. Enter it once to sign in with ${escapeHtml(providerName)} from now on.</p>
  ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
  <form method="post" action="/api/v1/auth/oidc/link">
    <input type="hidden" name="link" value="${escapeHtml(link)}">
    <label>Password <input type="password" name="password" required maxlength="128" autocomplete="current-password" autofocus></label>
    <button type="submit" class="primary">Link and sign in</button>
  </form>
  <p><a href="${escapeHtml(`${returnTo.origin}/sign-in`)}">Sign in with email and password instead</a></p>`,
    { formTargets: [returnTo.origin], headers },
  );
}

/** The account for a validated identity: linked, new, or a page (link, or refusal). */
async function signInIdentity(
  ctx: HandlerContext,
  rp: RelyingParty,
  identity: OidcIdentity,
  returnTo: URL,
  binding: string,
): Promise<HandlerResult<never>> {
  const outcome = await ctx.db.transaction(
    async (): Promise<
      | { kind: 'user'; user: UserRow }
      | { kind: 'link'; user: UserRow }
      | { kind: 'refuse'; status: number; message: string }
    > => {
      const linked = await userIdForIdentity(ctx.db, identity.issuer, identity.subject);
      const linkedUser = linked === null ? undefined : await getUser(ctx.db, linked);
      if (linkedUser) return { kind: 'user', user: linkedUser };
      if (!identity.email || !identity.emailVerified) {
        return { kind: 'refuse', status: 400, message: NOT_VERIFIED };
      }
      const existing = await getUserByEmail(ctx.db, identity.email);
      if (existing) {
        return hasPassword(existing)
          ? { kind: 'link', user: existing }
          : { kind: 'refuse', status: 409, message: OTHER_SIGN_IN };
      }
      const created = await ctx.db.get<UserRow>(
        `INSERT INTO users (email, username, password_hash, token_version, created_by, created_at)
       VALUES (?, ?, ?, 0, 'OIDC', ?) RETURNING *`,
        [
          identity.email,
          identity.name ?? identity.email,
          unusablePasswordHash(),
          ctx.now.toISOString(),
        ],
      );
      if (!created) throw new Error('user insert failed');
      await linkIdentity(ctx.db, { ...identity, userId: created.id }, ctx.now);
      return { kind: 'user', user: created };
    },
  );
  if (outcome.kind === 'refuse')
    return problemPage(outcome.status, outcome.message, returnTo.origin);
  if (outcome.kind === 'user') return withToken(returnTo.toString(), tokenFor(ctx, outcome.user));
  const link = await createLink(
    ctx.db,
    {
      binding,
      issuer: identity.issuer,
      subject: identity.subject,
      userId: outcome.user.id,
      returnTo: returnTo.toString(),
    },
    ctx.now,
  );
  return linkPage(200, rp.name, outcome.user.email, link, returnTo);
}

export const oidcHandlers = {
  listAuthProviders: (ctx) => {
    const rp = ctx.config.oidc;
    return ok({ providers: rp ? [{ id: 'oidc', name: rp.name }] : [] });
  },

  startOidcSignIn: async (ctx) => {
    const rp = provider(ctx);
    const origin = servingOrigin(ctx);
    const asked = ctx.query.returnTo;
    const returnTo = allowedReturnTo(ctx.config, asked ?? `${origin}/auth/callback`);
    if (!returnTo) throw validationError({ returnTo: RETURN_TO_MESSAGE });
    const redirectUri = rp.redirectUri ?? `${origin}${OIDC_CALLBACK_PATH}`;
    // Each start stores a row until it expires: bounded per client and in all (issue 28).
    const clientKey = networkKey(ctx.clientAddress);
    const room = await flowRoom(ctx.db, clientKey, ctx.now);
    if (room !== 'ok') {
      const refused = problemPage(room === 'client' ? 429 : 503, TOO_MANY_STARTS, returnTo.origin);
      return { ...refused, headers: { ...refused.headers, 'Retry-After': '600' } };
    }
    let started;
    try {
      started = await rp.start(redirectUri);
    } catch (error) {
      ctx.config.logger.info(`OpenID provider discovery failed: ${String(error)}`);
      return problemPage(503, UNREACHABLE, returnTo.origin);
    }
    // One binding per browser (two tabs share it); a new one when it has none.
    const binding = bindingFromCookie(ctx.header('cookie')) ?? newBinding();
    await saveFlow(
      ctx.db,
      {
        state: started.state,
        binding,
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
        redirectUri,
        returnTo: returnTo.toString(),
        clientKey,
      },
      ctx.now,
    );
    return {
      status: 302,
      headers: {
        Location: started.url.toString(),
        'Set-Cookie': flowCookie(binding, redirectUri.startsWith('https:')),
        'Cache-Control': 'no-store',
      },
    };
  },

  finishOidcSignIn: async (ctx) => {
    const rp = provider(ctx);
    const query = ctx.query;
    const shop = servingOrigin(ctx);
    const binding = bindingFromCookie(ctx.header('cookie'));
    const flow = query.state ? await takeFlow(ctx.db, query.state, binding, ctx.now) : null;
    if (!flow || !binding) return problemPage(400, EXPIRED, shop);
    const returnTo = new URL(flow.return_to);
    if (query.error === 'access_denied') {
      // The shopper cancelled at the provider: back to the shop's sign-in.
      return {
        status: 302,
        headers: { Location: `${returnTo.origin}/sign-in`, 'Cache-Control': 'no-store' },
      };
    }
    if (query.error) return problemPage(400, REFUSED, returnTo.origin);
    const callbackUrl = new URL(flow.redirect_uri);
    const search: Record<string, unknown> = ctx.query;
    for (const [key, value] of Object.entries(search)) {
      if (typeof value === 'string') callbackUrl.searchParams.set(key, value);
    }
    let identity: OidcIdentity;
    try {
      identity = await rp.finish(callbackUrl, {
        state: query.state ?? '',
        nonce: flow.nonce,
        codeVerifier: flow.code_verifier,
      });
    } catch (error) {
      ctx.config.logger.info(`OpenID sign-in refused: ${String(error)}`);
      return problemPage(400, REFUSED, returnTo.origin);
    }
    return signInIdentity(ctx, rp, identity, returnTo, binding);
  },

  linkOidcAccount: async (ctx) => {
    const rp = provider(ctx);
    const form = ctx.body;
    const shop = servingOrigin(ctx);
    const binding = bindingFromCookie(ctx.header('cookie'));
    const link = await reserveLinkAttempt(ctx.db, form.link, binding, ctx.now);
    if (!link) return problemPage(400, EXPIRED, shop);
    const returnTo = new URL(link.return_to);
    const user = await getUser(ctx.db, link.user_id);
    if (!user || !hasPassword(user)) {
      await dropLink(ctx.db, link);
      return problemPage(400, EXPIRED, returnTo.origin);
    }
    // The same throttle and hash pool as sign-in (ADR-0062): a refusal gives the try back.
    let check;
    try {
      check = await checkPasswordThrottled(ctx, {
        account: user.email,
        user,
        password: form.password,
        exclusive: true,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await returnLinkAttempt(ctx.db, link);
      const { retryAfter } = error;
      return linkPage(error.status, rp.name, user.email, form.link, returnTo, error.message, {
        ...(retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) }),
      });
    }
    if (!check.ok) {
      const left = await triesLeft(ctx.db, link);
      if (left === 0) return problemPage(400, TOO_MANY, returnTo.origin);
      return linkPage(
        400,
        rp.name,
        user.email,
        form.link,
        returnTo,
        `${WRONG_PASSWORD} ${left} ${left === 1 ? 'try' : 'tries'} left of ${MAX_LINK_ATTEMPTS}.`,
      );
    }
    const current = await ctx.db.transaction(async () => {
      await dropLink(ctx.db, link);
      await linkIdentity(
        ctx.db,
        { issuer: link.issuer, subject: link.subject, userId: user.id },
        ctx.now,
      );
      return getUser(ctx.db, user.id);
    });
    if (!current) return problemPage(400, EXPIRED, returnTo.origin);
    const signedIn = withToken(returnTo.toString(), tokenFor(ctx, current));
    return { ...signedIn, headers: { ...signedIn.headers, ...deviceCookieFor(ctx, current.id) } };
  },
} satisfies HandlerMap;
