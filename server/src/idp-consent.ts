// The simulated identity provider's consent nonces: single-use, short-lived, and bound to the
// browser that opened the consent page through an HttpOnly SameSite cookie. Another site can
// neither post a nonce it fetched itself (its cookie is not the shopper's) nor make the shopper's
// browser post one (SameSite=Strict keeps the cookie off cross-site posts): no login CSRF.
import { createHash } from 'node:crypto';
import { randomToken } from './auth';
import type { Db } from './db';

export const CONSENT_COOKIE = 'lumen_idp';
export const CONSENT_COOKIE_PATH = '/api/v1/auth/idp';
export const CONSENT_TTL_SECONDS = 10 * 60;

const BINDING = /^[A-Za-z0-9_-]{32,64}$/;

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The binding value from a Cookie header, when it has our shape. */
export function bindingFromCookie(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONSENT_COOKIE) {
      const value = rest.join('=');
      return BINDING.test(value) ? value : null;
    }
  }
  return null;
}

export function consentCookie(binding: string): string {
  return `${CONSENT_COOKIE}=${binding}; Path=${CONSENT_COOKIE_PATH}; Max-Age=${CONSENT_TTL_SECONDS}; HttpOnly; SameSite=Strict`;
}

/**
 * A nonce for one consent page. The browser keeps its binding (two tabs share one cookie), or gets
 * a new one. Stored hashed, so the table alone lets nobody sign in.
 */
export function issueConsent(
  db: Db,
  returnTo: string,
  existingBinding: string | null,
  now: Date,
): { nonce: string; binding: string } {
  const binding = existingBinding ?? randomToken(32);
  const nonce = randomToken(32);
  const expiresAt = new Date(now.getTime() + CONSENT_TTL_SECONDS * 1000).toISOString();
  db.transaction(() => {
    db.run('DELETE FROM idp_consents WHERE expires_at <= ?', [now.toISOString()]);
    db.run(
      'INSERT INTO idp_consents (nonce_hash, binding_hash, return_to, expires_at) VALUES (?, ?, ?, ?)',
      [digest(nonce), digest(binding), returnTo, expiresAt],
    );
  });
  return { nonce, binding };
}

/** Uses the nonce up: true once, for the browser and return address it was issued for. */
export function consumeConsent(
  db: Db,
  nonce: string,
  binding: string | null,
  returnTo: string,
  now: Date,
): boolean {
  if (!binding) return false;
  const { changes } = db.run(
    `DELETE FROM idp_consents
      WHERE nonce_hash = ? AND binding_hash = ? AND return_to = ? AND expires_at > ?`,
    [digest(nonce), digest(binding), returnTo, now.toISOString()],
  );
  return changes === 1;
}
