// Sign-in, sign-up, password change and the simulated identity provider (D3, D6).
import type { components } from '../../../src/api/schema';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  SHORT_TOKEN_TTL_SECONDS,
  checkPassword,
  hashPassword,
  isUsableHash,
  unusablePasswordHash,
  type PasswordCheck,
} from '../auth';
import { BRAND_NAME } from '../brand';
import type {
  AppConfig,
  HandlerContext,
  HandlerMap,
  HandlerResult,
  QueryParams,
} from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, unauthorized, validationError } from '../http-error';
import { bindingFromCookie, consentCookie, consumeConsent, issueConsent } from '../idp-consent';
import { DEV_ORIGINS } from '../dev-origins';
import { busyError } from '../password-pool';
import { getUser, getUserByEmail, remainingTtl, tokenFor } from '../session';
import { tryAgainIn, type SignInTicket } from '../sign-in-throttle';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists';
const PASSWORD_CHANGE_CONFLICT =
  'Your password was changed by another request at the same time. Please sign in again.';
const RETURN_TO_MESSAGE = "Must be the storefront's /auth/callback address";
const NONCE_MESSAGE = 'This sign-in page has expired. Please start again from the storefront.';
const PASSWORD_ACCOUNT_MESSAGE =
  'This email belongs to an account that has a password. Sign in with your email and password instead.';

const dummyHashes = new Map<string, Promise<string>>();
/**
 * Unknown emails and accounts without a usable password hash still pay for one hash, so response
 * time reveals neither which emails exist nor which accounts have no password.
 */
function dummyPasswordHash(ctx: HandlerContext): Promise<string> {
  const params = ctx.config.passwordHash;
  const key = JSON.stringify(params);
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-real-password', params);
    dummyHashes.set(key, hash);
    hash.catch(() => dummyHashes.delete(key));
  }
  return hash;
}

/**
 * Checks `password` against `stored` in the bounded hash pool; an unusable stored hash is checked
 * against the dummy one (and fails), taking the same time as a real check.
 */
async function checkInPool(
  ctx: HandlerContext,
  password: string,
  stored: string | undefined,
): Promise<PasswordCheck> {
  const params = ctx.config.passwordHash;
  const usable = stored !== undefined && isUsableHash(stored);
  const against = usable ? stored : await dummyPasswordHash(ctx);
  const check = await ctx.config.hashPool.run(() => checkPassword(password, against, params));
  return usable ? check : { ok: false, needsRehash: false };
}

/** Runs `work` with a reserved attempt; nothing checked (the pool was full) gives it back. */
async function withTicket<T>(ticket: SignInTicket, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    ticket.cancel();
    throw error;
  }
}

/**
 * Checks the signed-in user's current password (password and email changes). Wrong ones count
 * like failed sign-ins, so a stolen session cannot guess freely: 400 with a field message, then
 * 429 past the allowance.
 */
export async function checkCurrentPassword(
  ctx: HandlerContext,
  user: { email: string; password_hash: string },
  password: string,
): Promise<void> {
  if (ctx.config.hashPool.full()) throw busyError();
  const reservation = ctx.config.signInThrottle.reserve(
    user.email,
    ctx.clientAddress,
    ctx.now,
    false,
  );
  if ('wait' in reservation) throw tooManyAttempts(reservation.wait, 'password');
  const { ticket } = reservation;
  const check = await withTicket(ticket, () => checkInPool(ctx, password, user.password_hash));
  if (!check.ok) {
    ticket.failed();
    // 400 with a field message, not 401: the session is fine, the typed password is not.
    throw validationError({ currentPassword: 'Current password is incorrect' });
  }
  ticket.succeeded();
}

function tooManyAttempts(seconds: number, what = 'sign-in'): ApiError {
  return new ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many ${what} attempts. Please try again in ${tryAgainIn(seconds)}.`,
    { retryAfter: seconds },
  );
}

// Request shapes from openapi.yaml; the router has validated each body against it already.
type LoginBody = components['schemas']['LoginRequest'];
type SignupBody = components['schemas']['SignupRequest'];
type ChangePasswordBody = components['schemas']['ChangePasswordRequest'];
type ConsentBody = components['schemas']['IdentityConsent'];

/** Every address the identity provider may return a token to, exactly as written. */
export function idpCallbackUrls(config: AppConfig): string[] {
  const origins = [...config.selfOrigins, ...(config.development ? DEV_ORIGINS : [])];
  return [...origins.map((origin) => `${origin}/auth/callback`), ...config.idpCallbackUrls];
}

/**
 * The identity provider only sends tokens to a configured callback: the same string, so no
 * other path, query or fragment can smuggle the token elsewhere.
 */
export function allowedReturnTo(config: AppConfig, value: string): URL | null {
  if (!idpCallbackUrls(config).includes(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// demo@lumen.test is not offered: it has a password, and the provider never signs into such an account.
const IDP_ACCOUNTS = [{ name: 'Sam Taylor', email: 'sam.taylor@idp.test' }];

/** The consent page with a fresh single-use nonce, bound to this browser by its cookie. */
function consentAnswer(
  ctx: HandlerContext,
  returnTo: URL,
  status: number,
  problem?: string,
): HandlerResult<never> {
  const { nonce, binding } = issueConsent(
    ctx.db,
    returnTo.toString(),
    bindingFromCookie(ctx.header('cookie')),
    ctx.now,
  );
  return {
    status,
    html: consentPage(returnTo, nonce, problem),
    headers: {
      'Set-Cookie': consentCookie(binding),
      // The page's own policy: inline style only, and its forms may post here and land on the storefront.
      'Content-Security-Policy': [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        `form-action 'self' ${returnTo.origin}`,
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
      'X-Frame-Options': 'DENY',
    },
  };
}

function consentPage(returnTo: URL, nonce: string, problem?: string): string {
  const action = '/api/v1/auth/idp/consent';
  const hidden = `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo.toString())}">
        <input type="hidden" name="nonce" value="${escapeHtml(nonce)}">`;
  const accounts = IDP_ACCOUNTS.map(
    (a) => `<form method="post" action="${action}" class="account">
        ${hidden}
        <input type="hidden" name="email" value="${escapeHtml(a.email)}">
        <input type="hidden" name="name" value="${escapeHtml(a.name)}">
        <button type="submit"><strong>${escapeHtml(a.name)}</strong><span>${escapeHtml(a.email)}</span></button>
      </form>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Lumen ID</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { box-sizing: border-box; width: min(26rem, 92vw); border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 12px; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  p { margin: 0 0 1rem; opacity: .8; }
  .account button { width: 100%; display: flex; flex-direction: column; align-items: flex-start; gap: .15rem; padding: .75rem 1rem; margin-bottom: .5rem; border-radius: 8px; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); background: transparent; color: inherit; font: inherit; cursor: pointer; text-align: left; }
  .account button:hover, .account button:focus-visible { background: color-mix(in srgb, CanvasText 8%, transparent); }
  fieldset { border: 0; padding: 0; margin: 1rem 0 0; display: grid; gap: .5rem; }
  label { display: grid; gap: .25rem; font-size: .9rem; }
  input[type=email], input[type=text] { padding: .5rem; border-radius: 6px; border: 1px solid color-mix(in srgb, CanvasText 30%, transparent); font: inherit; background: Field; color: FieldText; }
  .primary { padding: .6rem 1rem; border-radius: 8px; border: 0; background: #6b3f1d; color: #fff; font: inherit; cursor: pointer; }
  .note { font-size: .8rem; margin-top: 1rem; }
  .problem { opacity: 1; padding: .75rem 1rem; border-radius: 8px; border: 1px solid #b42318; }
</style>
</head>
<body>
<main>
  <h1>Sign in with Lumen ID</h1>
  <p>${escapeHtml(BRAND_NAME)} wants to know your name and email address. Choose an account to continue.</p>
  ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
  ${accounts}
  <form method="post" action="${action}">
    ${hidden}
    <fieldset>
      <legend>Or use another account</legend>
      <label>Name <input type="text" name="name" required maxlength="100" autocomplete="name"></label>
      <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
      <button type="submit" class="primary">Continue</button>
    </fieldset>
  </form>
  <p class="note">This is a simulated identity provider for development; no data leaves this machine.</p>
</main>
</body>
</html>`;
}

export const authHandlers = {
  login: async (ctx) => {
    const body = ctx.body as LoginBody;
    const params = ctx.config.passwordHash;
    if (ctx.config.hashPool.full()) throw busyError();
    // Reserved before the hash: parallel guesses see each other, and one check per account runs.
    const reservation = ctx.config.signInThrottle.reserve(
      body.loginInput,
      ctx.clientAddress,
      ctx.now,
    );
    if ('wait' in reservation) throw tooManyAttempts(reservation.wait);
    const { ticket } = reservation;
    const user = getUserByEmail(ctx.db, body.loginInput);
    const check = await withTicket(ticket, () =>
      checkInPool(ctx, body.password, user?.password_hash),
    );
    if (!user || !check.ok) {
      ticket.failed();
      throw new ApiError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS, {
        fields: { password: INVALID_CREDENTIALS },
      });
    }
    ticket.succeeded();
    if (check.needsRehash) {
      // The password is known only now: the hash catches up with the current algorithm and cost.
      // A busy pool skips it; the next sign-in tries again.
      const stronger = await ctx.config.hashPool
        .run(() => hashPassword(body.password, params))
        .catch(() => null);
      if (stronger) {
        ctx.db.transaction(() =>
          ctx.db.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [
            stronger,
            user.id,
            user.password_hash,
          ]),
        );
      }
    }
    const ttl = body.rememberMe === true ? DEFAULT_TOKEN_TTL_SECONDS : SHORT_TOKEN_TTL_SECONDS;
    return ok({ token: tokenFor(ctx, user, ttl) });
  },

  signup: async (ctx) => {
    const body = ctx.body as SignupBody;
    const email = body.email.trim();
    if (ctx.config.hashPool.full()) throw busyError();
    const reservation = ctx.config.signInThrottle.reserveSignup(ctx.clientAddress, ctx.now);
    if ('wait' in reservation) throw tooManyAttempts(reservation.wait, 'sign-up');
    const { ticket } = reservation;
    if (getUserByEmail(ctx.db, email)) {
      ticket.failed();
      throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    }
    const hash = await withTicket(ticket, () =>
      ctx.config.hashPool.run(() => hashPassword(body.password, ctx.config.passwordHash)),
    );
    ticket.succeeded();
    const user = ctx.db.transaction(() => {
      // Checked again: another sign-up may have finished while the hash was computed.
      if (getUserByEmail(ctx.db, email)) {
        throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
      }
      const { lastId } = ctx.db.run(
        `INSERT INTO users (email, username, password_hash, token_version, created_by, created_at)
         VALUES (?, ?, ?, 0, 'SIGNUP', ?)`,
        [email, body.username.trim(), hash, ctx.now.toISOString()],
      );
      return getUser(ctx.db, lastId);
    });
    if (!user) throw new Error('user insert failed');
    return ok({ token: tokenFor(ctx, user) }, 201);
  },

  changePassword: async (ctx) => {
    if (!ctx.user) throw unauthorized();
    const body = ctx.body as ChangePasswordBody;
    const user = getUser(ctx.db, ctx.user.id);
    if (!user) throw unauthorized();
    await checkCurrentPassword(ctx, user, body.currentPassword);
    const hash = await ctx.config.hashPool.run(() =>
      hashPassword(body.newPassword, ctx.config.passwordHash),
    );
    const updated = ctx.db.transaction(() => {
      // Only the version this session was issued for: of parallel changes one wins, the rest 409.
      const { changes } = ctx.db.run(
        'UPDATE users SET password_hash = ?, token_version = token_version + 1 WHERE id = ? AND token_version = ?',
        [hash, user.id, user.token_version],
      );
      if (changes === 0) {
        throw new ApiError(409, 'PASSWORD_CHANGE_CONFLICT', PASSWORD_CHANGE_CONFLICT);
      }
      return getUser(ctx.db, user.id);
    });
    if (!updated) throw unauthorized();
    return ok({ token: tokenFor(ctx, updated, remainingTtl(ctx)) });
  },

  logout: (ctx) => {
    if (!ctx.user || !ctx.claims) throw unauthorized();
    const { jti, exp } = ctx.claims;
    const user = ctx.user;
    ctx.db.transaction(() => {
      if (jti) {
        ctx.db.run('INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)', [
          jti,
          new Date(exp * 1000).toISOString(),
        ]);
      } else {
        // A token from before tokens had ids cannot be revoked alone: every session ends.
        ctx.db.run('UPDATE users SET token_version = token_version + 1 WHERE id = ?', [user.id]);
      }
    });
    return { status: 204 };
  },

  authorizeIdentityProvider: (ctx) => {
    const returnTo = allowedReturnTo(
      ctx.config,
      (ctx.query as QueryParams<'authorizeIdentityProvider'>).returnTo,
    );
    if (!returnTo) throw validationError({ returnTo: RETURN_TO_MESSAGE });
    return consentAnswer(ctx, returnTo, 200);
  },

  consentIdentityProvider: (ctx) => {
    const body = ctx.body as ConsentBody;
    const returnTo = allowedReturnTo(ctx.config, body.returnTo);
    if (!returnTo) throw validationError({ returnTo: RETURN_TO_MESSAGE });
    const binding = bindingFromCookie(ctx.header('cookie'));
    const email = body.email.trim();
    const name = body.name.trim() || email;
    const outcome = ctx.db.transaction(() => {
      if (!consumeConsent(ctx.db, body.nonce, binding, returnTo.toString(), ctx.now)) {
        throw validationError({ nonce: NONCE_MESSAGE });
      }
      const existing = getUserByEmail(ctx.db, email);
      // Only accounts the provider made itself are signed into: an email alone must never open an
      // account that has a password.
      if (existing) return existing.created_by === 'IDP' ? existing : null;
      const { lastId } = ctx.db.run(
        `INSERT INTO users (email, username, password_hash, token_version, created_by, created_at)
         VALUES (?, ?, ?, 0, 'IDP', ?)`,
        [email, name, unusablePasswordHash(), ctx.now.toISOString()],
      );
      const created = getUser(ctx.db, lastId);
      if (!created) throw new Error('user insert failed');
      return created;
    });
    if (!outcome) return consentAnswer(ctx, returnTo, 409, PASSWORD_ACCOUNT_MESSAGE);
    const target = new URL(returnTo.toString());
    target.searchParams.set('token', tokenFor(ctx, outcome));
    return { status: 302, headers: { Location: target.toString() } };
  },
} satisfies HandlerMap;
