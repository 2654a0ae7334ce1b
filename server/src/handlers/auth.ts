// Sign-in, sign-up and password change (D3). Sign-in with an OpenID provider: ./oidc.ts.
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  SHORT_TOKEN_TTL_SECONDS,
  checkPassword,
  hashPassword,
  isUsableHash,
  type PasswordCheck,
} from '../auth';
import type { HandlerContext, HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, unauthorized, validationError } from '../http-error';
import { deviceCookie, knownDevice } from '../device-cookie';
import { busyError } from '../password-pool';
import { getUser, getUserByEmail, remainingTtl, tokenFor, type UserRow } from '../session';
import { tryAgainIn, type SignInTicket } from '../sign-in-throttle';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists';
const PASSWORD_CHANGE_CONFLICT =
  'Your password was changed by another request at the same time. Please sign in again.';

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
    await ticket.cancel();
    throw error;
  }
}

/**
 * Every password check (sign-in, account linking, password and email changes) goes through here:
 * the sign-in throttle first (reserved before the hash, ADR-0039), with the caller's device cookie
 * for this account (ADR-0062), then the bounded hash pool (ADR-0040). Throws 503 when the pool is
 * full and 429 (`what` attempts) when the throttle says wait; answers the check otherwise.
 */
export async function checkPasswordThrottled(
  ctx: HandlerContext,
  input: {
    /** What the caller typed as the account (an email); counted even when nobody has it. */
    account: string;
    user: { id: number; password_hash: string } | undefined;
    password: string;
    /** One check of the account in flight at once (sign-in, linking). */
    exclusive: boolean;
    what?: string;
  },
): Promise<PasswordCheck> {
  if (ctx.config.hashPool.full()) throw busyError();
  const device = knownDevice(ctx.header('cookie'), ctx.config.jwtSecret, input.user?.id);
  const reservation = await ctx.config.signInThrottle.reserve(
    input.account,
    ctx.clientAddress,
    ctx.now,
    {
      exclusive: input.exclusive,
      device,
    },
  );
  if ('wait' in reservation) throw tooManyAttempts(reservation.wait, input.what);
  const { ticket } = reservation;
  const check = await withTicket(ticket, () =>
    checkInPool(ctx, input.password, input.user?.password_hash),
  );
  if (input.user && check.ok) await ticket.succeeded();
  else await ticket.failed();
  return input.user ? check : { ok: false, needsRehash: false };
}

/** The Set-Cookie header that marks this browser as a known device of `userId` (ADR-0062). */
export function deviceCookieFor(ctx: HandlerContext, userId: number): Record<string, string> {
  return { 'Set-Cookie': deviceCookie(ctx.config.jwtSecret, userId, ctx.https) };
}

/**
 * Checks the signed-in user's current password (password and email changes). Wrong ones count
 * like failed sign-ins, so a stolen session cannot guess freely: 400 with a field message, then
 * 429 past the allowance.
 */
export async function checkCurrentPassword(
  ctx: HandlerContext,
  user: { id: number; email: string; password_hash: string },
  password: string,
): Promise<void> {
  const check = await checkPasswordThrottled(ctx, {
    account: user.email,
    user,
    password,
    exclusive: false,
    what: 'password',
  });
  // 400 with a field message, not 401: the session is fine, the typed password is not.
  if (!check.ok) throw validationError({ currentPassword: 'Current password is incorrect' });
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

export const authHandlers = {
  login: async (ctx) => {
    const body = ctx.body;
    const params = ctx.config.passwordHash;
    const user = await getUserByEmail(ctx.db, body.loginInput);
    // Reserved before the hash: parallel guesses see each other, and one check per account runs.
    const check = await checkPasswordThrottled(ctx, {
      account: body.loginInput,
      user,
      password: body.password,
      exclusive: true,
    });
    if (!user || !check.ok) {
      throw new ApiError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS, {
        fields: { password: INVALID_CREDENTIALS },
      });
    }
    if (check.needsRehash) {
      // The password is known only now: the hash catches up with the current algorithm and cost.
      // A busy pool skips it; the next sign-in tries again.
      const stronger = await ctx.config.hashPool
        .run(() => hashPassword(body.password, params))
        .catch(() => null);
      if (stronger) {
        await ctx.db.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [
          stronger,
          user.id,
          user.password_hash,
        ]);
      }
    }
    const ttl = body.rememberMe === true ? DEFAULT_TOKEN_TTL_SECONDS : SHORT_TOKEN_TTL_SECONDS;
    return { ...ok({ token: tokenFor(ctx, user, ttl) }), headers: deviceCookieFor(ctx, user.id) };
  },

  signup: async (ctx) => {
    const body = ctx.body;
    const email = body.email.trim();
    if (ctx.config.hashPool.full()) throw busyError();
    const reservation = await ctx.config.signInThrottle.reserveSignup(ctx.clientAddress, ctx.now);
    if ('wait' in reservation) throw tooManyAttempts(reservation.wait, 'sign-up');
    const { ticket } = reservation;
    if (await getUserByEmail(ctx.db, email)) {
      await ticket.failed();
      throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    }
    const hash = await withTicket(ticket, () =>
      ctx.config.hashPool.run(() => hashPassword(body.password, ctx.config.passwordHash)),
    );
    await ticket.succeeded();
    const user = await ctx.db.transaction(async () => {
      // Checked again: another sign-up may have finished while the hash was computed.
      if (await getUserByEmail(ctx.db, email)) {
        throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
      }
      return ctx.db.get<UserRow>(
        `INSERT INTO users (email, username, password_hash, token_version, created_by, created_at)
         VALUES (?, ?, ?, 0, 'SIGNUP', ?) RETURNING *`,
        [email, body.username.trim(), hash, ctx.now.toISOString()],
      );
    });
    if (!user) throw new Error('user insert failed');
    return { ...ok({ token: tokenFor(ctx, user) }, 201), headers: deviceCookieFor(ctx, user.id) };
  },

  changePassword: async (ctx) => {
    if (!ctx.user) throw unauthorized();
    const body = ctx.body;
    const user = await getUser(ctx.db, ctx.user.id);
    if (!user) throw unauthorized();
    await checkCurrentPassword(ctx, user, body.currentPassword);
    const hash = await ctx.config.hashPool.run(() =>
      hashPassword(body.newPassword, ctx.config.passwordHash),
    );
    const updated = await ctx.db.transaction(async () => {
      // Only the version this session was issued for: of parallel changes one wins, the rest 409.
      const { changes } = await ctx.db.run(
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

  logout: async (ctx) => {
    if (!ctx.user || !ctx.claims) throw unauthorized();
    const { jti, exp } = ctx.claims;
    const user = ctx.user;
    await ctx.db.transaction(async () => {
      if (jti) {
        await ctx.db.run(
          'INSERT INTO revoked_tokens (jti, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
          [jti, new Date(exp * 1000).toISOString()],
        );
      } else {
        // A token from before tokens had ids cannot be revoked alone: every session ends.
        await ctx.db.run('UPDATE users SET token_version = token_version + 1 WHERE id = ?', [
          user.id,
        ]);
      }
    });
    return { status: 204 };
  },
} satisfies HandlerMap;
