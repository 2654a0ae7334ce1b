import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  hashPassword,
  signConsentNonce,
  signToken,
  verifyConsentNonce,
  verifyPassword,
  verifyToken,
} from '../src/auth';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const NOW = new Date('2026-11-21T12:00:00.000Z');
const CLAIMS = { sub: 'demo@lumen.test', username: 'demo-shopper', uid: 1, ver: 0 };

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('JWT', () => {
  it('round-trips the claims with iat and exp in seconds', () => {
    const token = signToken(CLAIMS, SECRET, NOW, 3600);
    const verdict = verifyToken(token, SECRET, NOW);
    const iat = Math.floor(NOW.getTime() / 1000);
    expect(verdict).toEqual({ ok: true, claims: { ...CLAIMS, iat, exp: iat + 3600 } });
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
  });

  it('refuses a bad signature', () => {
    const token = signToken(CLAIMS, SECRET, NOW);
    expect(verifyToken(token, `${SECRET}x`, NOW)).toEqual({ ok: false, reason: 'signature' });
    const parts = token.split('.');
    const tampered = [parts[0], b64({ ...CLAIMS, uid: 2, iat: 1, exp: 9999999999 }), parts[2]].join(
      '.',
    );
    expect(verifyToken(tampered, SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses an expired token', () => {
    const token = signToken(CLAIMS, SECRET, NOW, 60);
    expect(verifyToken(token, SECRET, new Date(NOW.getTime() + 59_000)).ok).toBe(true);
    expect(verifyToken(token, SECRET, new Date(NOW.getTime() + 60_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses alg none and garbage', () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...CLAIMS, iat: 1, exp: 9999999999 })}.`;
    expect(verifyToken(none, SECRET, NOW).ok).toBe(false);
    for (const garbage of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(5000), 'e30.e30.e30']) {
      expect(verifyToken(garbage, SECRET, NOW).ok).toBe(false);
    }
  });

  it('refuses a signed token whose claims have the wrong shape', () => {
    const token = signToken({ ...CLAIMS, uid: 'one' as unknown as number }, SECRET, NOW);
    expect(verifyToken(token, SECRET, NOW)).toEqual({ ok: false, reason: 'claims' });
  });

  it('reads the bearer header', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
  });
});

describe('passwords', () => {
  it('hashes with a per-user salt and verifies', async () => {
    const a = await hashPassword('coffee123');
    const b = await hashPassword('coffee123');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('coffee123', a)).toBe(true);
    expect(await verifyPassword('coffee124', a)).toBe(false);
    expect(await verifyPassword('coffee123', 'garbage')).toBe(false);
  });
});

describe('identity-provider consent nonce', () => {
  const RETURN_TO = 'http://localhost:5173/auth/callback';
  const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

  it('accepts the nonce of a page this server rendered within ten minutes', () => {
    const nonce = signConsentNonce(SECRET, RETURN_TO, NOW);
    expect(verifyConsentNonce(SECRET, RETURN_TO, nonce, NOW)).toBe(true);
    expect(verifyConsentNonce(SECRET, RETURN_TO, nonce, later(600))).toBe(true);
  });

  it('refuses an old, forged, re-targeted or garbage nonce', () => {
    const nonce = signConsentNonce(SECRET, RETURN_TO, NOW);
    expect(verifyConsentNonce(SECRET, RETURN_TO, nonce, later(601))).toBe(false);
    expect(verifyConsentNonce(`${SECRET}x`, RETURN_TO, nonce, NOW)).toBe(false);
    expect(verifyConsentNonce(SECRET, 'http://evil.test/auth/callback', nonce, NOW)).toBe(false);
    const [issuedAt, signature] = nonce.split('.');
    expect(verifyConsentNonce(SECRET, RETURN_TO, `${Number(issuedAt) + 1}.${signature}`, NOW)).toBe(
      false,
    );
    for (const garbage of ['', '.', 'abc', '1.', `${issuedAt}.!!`, 'x'.repeat(300)]) {
      expect(verifyConsentNonce(SECRET, RETURN_TO, garbage, NOW)).toBe(false);
    }
  });
});
