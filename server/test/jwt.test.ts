import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  checkPassword,
  hashPassword,
  signToken,
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
    // jti: the token's own id, which sign-out revokes (issue 15)
    expect(verdict).toEqual({
      ok: true,
      claims: { ...CLAIMS, iat, exp: iat + 3600, jti: expect.stringMatching(/^[\w-]{20,}$/) },
    });
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
  // The cost is stored in each hash; a cheap one keeps this test fast (OWASP's is the default).
  const CHEAP = { N: 1024, r: 8, p: 1 };

  it('hashes with a per-user salt and verifies', async () => {
    const a = await hashPassword('coffee123', CHEAP);
    const b = await hashPassword('coffee123', CHEAP);
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('coffee123', a)).toBe(true);
    expect(await verifyPassword('coffee124', a)).toBe(false);
    expect(await verifyPassword('coffee123', 'garbage')).toBe(false);
  });

  it('asks for a rehash when the stored cost is below the current one', async () => {
    const old = await hashPassword('coffee123', CHEAP);
    expect(await checkPassword('coffee123', old, { N: 2048, r: 8, p: 1 })).toEqual({
      ok: true,
      needsRehash: true,
    });
    expect(await checkPassword('coffee123', old, CHEAP)).toEqual({ ok: true, needsRehash: false });
    expect(await checkPassword('nope', old, { N: 2048, r: 8, p: 1 })).toEqual({
      ok: false,
      needsRehash: false,
    });
    // a stored hash cannot ask for an absurd cost
    expect((await checkPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).ok).toBe(false);
  });
});
