// Sign-in, sign-up and password change (D3). Sign-in with an OpenID provider: ./oidc.ts.
import type { components } from '../../../src/api/schema';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  SHORT_TOKEN_TTL_SECONDS,
  checkPassword,
  hashPassword,
  type ScryptParams,
} from '../auth';
import type { HandlerMap } from '../handler-types';
import { ok } from '../handler-types';
import { ApiError, unauthorized, validationError } from '../http-error';
import { getUser, getUserByEmail, remainingTtl, tokenFor } from '../session';
import { tryAgainIn } from '../sign-in-throttle';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists';

const dummyHashes = new Map<number, Promise<string>>();
/** Unknown emails still pay for one scrypt so response time does not reveal which emails exist. */
function dummyPasswordHash(params: ScryptParams): Promise<string> {
  let hash = dummyHashes.get(params.N);
  if (!hash) {
    hash = hashPassword('not-a-real-password', params);
    dummyHashes.set(params.N, hash);
  }
  return hash;
}

function tooManyAttempts(seconds: number): ApiError {
  return new ApiError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many sign-in attempts. Please try again in ${tryAgainIn(seconds)}.`,
    { retryAfter: seconds },
  );
}

// Request shapes from openapi.yaml; the router has validated each body against it already.
type LoginBody = components['schemas']['LoginRequest'];
type SignupBody = components['schemas']['SignupRequest'];
type ChangePasswordBody = components['schemas']['ChangePasswordRequest'];

export const authHandlers = {
  login: async (ctx) => {
    const body = ctx.body as LoginBody;
    const throttle = ctx.config.signInThrottle;
    const params = ctx.config.passwordHash;
    const wait = throttle.retryAfter(body.loginInput, ctx.clientAddress, ctx.now);
    if (wait > 0) throw tooManyAttempts(wait);
    const user = getUserByEmail(ctx.db, body.loginInput);
    const check = user
      ? await checkPassword(body.password, user.password_hash, params)
      : (await checkPassword(body.password, await dummyPasswordHash(params), params),
        { ok: false, needsRehash: false });
    if (!user || !check.ok) {
      throttle.failed(body.loginInput, ctx.clientAddress, ctx.now);
      throw new ApiError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS, {
        fields: { password: INVALID_CREDENTIALS },
      });
    }
    throttle.succeeded(body.loginInput);
    if (check.needsRehash) {
      // The password is known only now: the hash catches up with the current cost.
      const stronger = await hashPassword(body.password, params);
      ctx.db.transaction(() =>
        ctx.db.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [
          stronger,
          user.id,
          user.password_hash,
        ]),
      );
    }
    const ttl = body.rememberMe === true ? DEFAULT_TOKEN_TTL_SECONDS : SHORT_TOKEN_TTL_SECONDS;
    return ok({ token: tokenFor(ctx, user, ttl) });
  },

  signup: async (ctx) => {
    const body = ctx.body as SignupBody;
    const email = body.email.trim();
    if (getUserByEmail(ctx.db, email)) {
      throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    }
    const hash = await hashPassword(body.password, ctx.config.passwordHash);
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
    if (!(await checkPassword(body.currentPassword, user.password_hash)).ok) {
      // 400 with a field message, not 401: the session is fine, the typed password is not.
      throw validationError({ currentPassword: 'Current password is incorrect' });
    }
    const hash = await hashPassword(body.newPassword, ctx.config.passwordHash);
    const updated = ctx.db.transaction(() => {
      ctx.db.run(
        'UPDATE users SET password_hash = ?, token_version = token_version + 1 WHERE id = ?',
        [hash, user.id],
      );
      return getUser(ctx.db, user.id);
    });
    if (!updated) throw unauthorized();
    return ok({ token: tokenFor(ctx, updated, remainingTtl(ctx)) });
  },
} satisfies HandlerMap;
