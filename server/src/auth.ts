// HS256 JWTs and scrypt password hashes with node:crypto only (no dependency to audit).
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** The user's email. */
  sub: string;
  username: string;
  /** The user's id. */
  uid: number;
  /** Token version: a password change bumps it and retires every older token. */
  ver: number;
  iat: number;
  exp: number;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SHORT_TOKEN_TTL_SECONDS = 24 * 60 * 60;

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface SignInput {
  sub: string;
  username: string;
  uid: number;
  ver: number;
}

export function signToken(
  input: SignInput,
  secret: string,
  now: Date,
  ttlSeconds: number = DEFAULT_TOKEN_TTL_SECONDS,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = { ...input, iat, exp: iat + ttlSeconds };
  const payload = base64url(JSON.stringify(claims));
  const signature = hmac(secret, `${HEADER}.${payload}`).toString('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'claims' };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sub === 'string' &&
    typeof v.username === 'string' &&
    Number.isSafeInteger(v.uid) &&
    Number.isSafeInteger(v.ver) &&
    Number.isSafeInteger(v.iat) &&
    Number.isSafeInteger(v.exp)
  );
}

/** Checks shape, algorithm, signature (constant time) and expiry. The token version is checked by the caller against the user row. */
export function verifyToken(token: string, secret: string, now: Date): VerifyResult {
  if (token.length > 4096) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) {
    return { ok: false, reason: 'malformed' };
  }
  let headerJson: unknown;
  try {
    headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (
    typeof headerJson !== 'object' ||
    headerJson === null ||
    (headerJson as Record<string, unknown>).alg !== 'HS256'
  ) {
    // Refuses alg "none" and any algorithm switch.
    return { ok: false, reason: 'malformed' };
  }
  const expected = hmac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'claims' };
  if (claims.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** Reads `Authorization: Bearer <token>`; undefined when the header is absent, null when it is present but not a bearer token. */
export function bearerToken(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's current minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, about
 * 128 MiB and 0.3 s a hash here. Each hash records its parameters, so raising them later rehashes
 * every account at its next sign-in.
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// Largest parameters a stored hash may ask for, so a forged row cannot make one sign-in eat gigabytes.
const MAX_N = 2 ** 20;

function scryptAsync(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) refuses N=2^17.
  const maxmem = 128 * N * r + 16 * 1024 * 1024;
  // The async form runs on libuv's thread pool, so a 0.3 s hash never blocks other requests.
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(
  password: string,
  params: ScryptParams = OWASP_SCRYPT,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is weaker than `params`: store a new one now that the password is known. */
  needsRehash: boolean;
}

export async function checkPassword(
  password: string,
  stored: string,
  params: ScryptParams = OWASP_SCRYPT,
): Promise<PasswordCheck> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return { ok: false, needsRehash: false };
  const N = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || N > MAX_N || r > 32 || p > 16)
    return { ok: false, needsRehash: false };
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const key = await scryptAsync(password, salt, { N, r, p });
  const ok = key.length === expected.length && timingSafeEqual(key, expected);
  return { ok, needsRehash: ok && (N < params.N || r < params.r || p < params.p) };
}

export async function verifyPassword(
  password: string,
  stored: string,
  params: ScryptParams = OWASP_SCRYPT,
): Promise<boolean> {
  return (await checkPassword(password, stored, params)).ok;
}

/** A hash no password matches, for accounts created by the identity provider. */
export function unusablePasswordHash(): string {
  return `!unusable$${randomBytes(16).toString('base64url')}`;
}

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
