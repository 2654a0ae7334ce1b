// Issuing tokens for a user row, shared by sign-in, sign-up, the identity provider and account updates.
import type { components } from '../../contract/schema';
import { DEFAULT_TOKEN_TTL_SECONDS, signToken } from './auth';
import type { Db, Row } from './db';
import type { HandlerContext } from './handler-types';

export interface UserRow extends Row {
  id: number;
  email: string;
  username: string;
  password_hash: string;
  phone: string | null;
  token_version: number;
  created_by: string;
  created_at: string;
}

export function getUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
}

export function getUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT * FROM users WHERE email = ? COLLATE NOCASE', [email.trim()]);
}

export function tokenFor(
  ctx: Pick<HandlerContext, 'config' | 'now'>,
  user: Pick<UserRow, 'id' | 'email' | 'username' | 'token_version'>,
  ttlSeconds: number = DEFAULT_TOKEN_TTL_SECONDS,
): string {
  return signToken(
    { sub: user.email, username: user.username, uid: user.id, ver: user.token_version },
    ctx.config.jwtSecret,
    ctx.now,
    ttlSeconds,
  );
}

/** A refreshed token keeps the current session's end, so "remember me" off stays a short session. */
export function remainingTtl(ctx: Pick<HandlerContext, 'claims' | 'now'>): number {
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  const exp = ctx.claims?.exp ?? nowSeconds + DEFAULT_TOKEN_TTL_SECONDS;
  return Math.max(60, exp - nowSeconds);
}

export async function userJson(db: Db, user: UserRow): Promise<components['schemas']['User']> {
  const fallback = await db.get<{ phone_number: string }>(
    'SELECT phone_number FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id LIMIT 1',
    [user.id],
  );
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone ?? fallback?.phone_number ?? null,
  };
}
