// Server-side state of OpenID Connect sign-ins: flows in progress (state, nonce, PKCE verifier)
// and pending links to password accounts. Both are single-use, short-lived, stored hashed where a
// value is a key, and bound to the browser that started them through the lumen_oidc cookie
// (HttpOnly, SameSite=Lax so the provider's top-level redirect back still carries it). A state
// from another browser, a forged one, or one used before finds nothing: no login CSRF, no replay.
import { createHash } from 'node:crypto';
import { randomToken } from '../auth';
import type { Db, Row } from '../db';

const FLOW_COOKIE = 'lumen_oidc';
const FLOW_COOKIE_PATH = '/api/v1/auth/oidc';
const FLOW_TTL_SECONDS = 10 * 60;
/** Wrong passwords on one linking page before the link is dropped. */
export const MAX_LINK_ATTEMPTS = 5;

const BINDING = /^[A-Za-z0-9_-]{32,64}$/;

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The browser's binding from a Cookie header, when it has our shape. */
export function bindingFromCookie(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLOW_COOKIE) {
      const value = rest.join('=');
      return BINDING.test(value) ? value : null;
    }
  }
  return null;
}

export function newBinding(): string {
  return randomToken(32);
}

export function flowCookie(binding: string, secure: boolean): string {
  return `${FLOW_COOKIE}=${binding}; Path=${FLOW_COOKIE_PATH}; Max-Age=${FLOW_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function expiry(now: Date): string {
  return new Date(now.getTime() + FLOW_TTL_SECONDS * 1000).toISOString();
}

export interface FlowRow extends Row {
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  return_to: string;
}

/** Sign-ins in progress one client (an IPv4 address or IPv6 /64) may have at once. */
const MAX_FLOWS_PER_CLIENT = 20;
/** Sign-ins in progress from everyone at once: past it a new one waits (503). */
const MAX_FLOWS = 10_000;

/** Whether a new flow from `clientKey` fits: 'ok', or which bound it would pass. */
export async function flowRoom(
  db: Db,
  clientKey: string,
  now: Date,
): Promise<'ok' | 'client' | 'all'> {
  const at = now.toISOString();
  const mine = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM oidc_flows WHERE client_key = ? AND expires_at > ?',
    [clientKey, at],
  );
  if ((mine?.n ?? 0) >= MAX_FLOWS_PER_CLIENT) return 'client';
  const all = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM oidc_flows WHERE expires_at > ?',
    [at],
  );
  return (all?.n ?? 0) >= MAX_FLOWS ? 'all' : 'ok';
}

export async function saveFlow(
  db: Db,
  flow: {
    state: string;
    binding: string;
    codeVerifier: string;
    nonce: string;
    redirectUri: string;
    returnTo: string;
    clientKey: string;
  },
  now: Date,
): Promise<void> {
  await db.transaction(async () => {
    await db.run('DELETE FROM oidc_flows WHERE expires_at <= ?', [now.toISOString()]);
    await db.run(
      `INSERT INTO oidc_flows (state_hash, binding_hash, code_verifier, nonce, redirect_uri, return_to, expires_at, client_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        digest(flow.state),
        digest(flow.binding),
        flow.codeVerifier,
        flow.nonce,
        flow.redirectUri,
        flow.returnTo,
        expiry(now),
        flow.clientKey,
      ],
    );
  });
}

/** Uses the flow up: found once, for the browser that started it, before it expires. */
export async function takeFlow(
  db: Db,
  state: string,
  binding: string | null,
  now: Date,
): Promise<FlowRow | null> {
  if (!binding) return null;
  return db.transaction(async () => {
    const key = [digest(state), digest(binding), now.toISOString()];
    const row = await db.get<FlowRow>(
      `SELECT code_verifier, nonce, redirect_uri, return_to FROM oidc_flows
        WHERE state_hash = ? AND binding_hash = ? AND expires_at > ?`,
      key,
    );
    if (row) await db.run('DELETE FROM oidc_flows WHERE state_hash = ?', [key[0] ?? '']);
    return row ?? null;
  });
}

export interface LinkRow extends Row {
  token_hash: string;
  issuer: string;
  subject: string;
  user_id: number;
  return_to: string;
  attempts: number;
}

/** A pending link of a provider identity to a password account; answers the page's value. */
export async function createLink(
  db: Db,
  link: { binding: string; issuer: string; subject: string; userId: number; returnTo: string },
  now: Date,
): Promise<string> {
  const token = randomToken(32);
  await db.transaction(async () => {
    await db.run('DELETE FROM oidc_links WHERE expires_at <= ?', [now.toISOString()]);
    await db.run(
      `INSERT INTO oidc_links (token_hash, binding_hash, issuer, subject, user_id, return_to, attempts, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
      [
        digest(token),
        digest(link.binding),
        link.issuer,
        link.subject,
        link.userId,
        link.returnTo,
        expiry(now),
      ],
    );
  });
  return token;
}

/**
 * Reserves one password try on a pending link before the password is checked, so parallel
 * guesses cannot exceed the limit while hashes run. Null: unknown, expired, another browser's,
 * or out of tries.
 */
export async function reserveLinkAttempt(
  db: Db,
  token: string,
  binding: string | null,
  now: Date,
): Promise<LinkRow | null> {
  if (!binding) return null;
  return db.transaction(async () => {
    const row = await db.get<LinkRow>(
      `SELECT token_hash, issuer, subject, user_id, return_to, attempts FROM oidc_links
        WHERE token_hash = ? AND binding_hash = ? AND expires_at > ? AND attempts < ?`,
      [digest(token), digest(binding), now.toISOString(), MAX_LINK_ATTEMPTS],
    );
    if (!row) return null;
    await db.run('UPDATE oidc_links SET attempts = attempts + 1 WHERE token_hash = ?', [
      row.token_hash,
    ]);
    return { ...row, attempts: row.attempts + 1 };
  });
}

/** Gives a reserved try back: the password was not checked (throttled, or the server was busy). */
export async function returnLinkAttempt(db: Db, link: LinkRow): Promise<void> {
  await db.run(
    'UPDATE oidc_links SET attempts = attempts - 1 WHERE token_hash = ? AND attempts > 0',
    [link.token_hash],
  );
}

/** After a wrong password: answers the tries left; at 0 the link is gone. */
export async function triesLeft(db: Db, link: LinkRow): Promise<number> {
  const left = MAX_LINK_ATTEMPTS - link.attempts;
  if (left <= 0) await db.run('DELETE FROM oidc_links WHERE token_hash = ?', [link.token_hash]);
  return Math.max(0, left);
}

export async function dropLink(db: Db, link: LinkRow): Promise<void> {
  await db.run('DELETE FROM oidc_links WHERE token_hash = ?', [link.token_hash]);
}

/** The account signed into by a provider's issuer and subject, if linked. */
export async function userIdForIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<number | null> {
  return (
    (
      await db.get<{ user_id: number }>(
        'SELECT user_id FROM user_identities WHERE issuer = ? AND subject = ?',
        [issuer, subject],
      )
    )?.user_id ?? null
  );
}

export async function linkIdentity(
  db: Db,
  identity: { issuer: string; subject: string; userId: number },
  now: Date,
): Promise<void> {
  await db.run(
    `INSERT INTO user_identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (issuer, subject) DO NOTHING`,
    [identity.issuer, identity.subject, identity.userId, now.toISOString()],
  );
}
