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
export const DEV_JWT_SECRET = 'lumen-roastery-dev-secret-change-me-0123456789';

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

/** How long a consent page may wait before its form is refused. */
export const CONSENT_NONCE_TTL_SECONDS = 10 * 60;

/**
 * The consent form's nonce: when the page was shown, signed together with the return address.
 * Without it any site could post the form and sign a shopper into an account of its choosing
 * (login CSRF); with it only a page this server rendered, recently, can.
 */
export function signConsentNonce(secret: string, returnTo: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const signature = hmac(secret, `idp-consent|${issuedAt}|${returnTo}`).toString('base64url');
  return `${issuedAt}.${signature}`;
}

export function verifyConsentNonce(
  secret: string,
  returnTo: string,
  nonce: string,
  now: Date,
): boolean {
  const match = /^([0-9]{1,12})\.([A-Za-z0-9_-]{1,100})$/.exec(nonce);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const age = Math.floor(now.getTime() / 1000) - issuedAt;
  if (age < -60 || age > CONSENT_NONCE_TTL_SECONDS) return false;
  const expected = hmac(secret, `idp-consent|${issuedAt}|${returnTo}`);
  const given = Buffer.from(match[2] ?? '', 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Reads `Authorization: Bearer <token>`; undefined when the header is absent, null when it is present but not a bearer token. */
export function bearerToken(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

// scrypt parameters: N=2^14 is Node's default (about 16 MiB, tens of ms); the hash records them.
const SCRYPT_N = 16384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 32;

function scryptAsync(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P);
  return [
    'scrypt',
    SCRYPT_N,
    SCRYPT_R,
    SCRYPT_P,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const n = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const key = await scryptAsync(password, salt, n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, for accounts created by the identity provider. */
export function unusablePasswordHash(): string {
  return `!unusable$${randomBytes(16).toString('base64url')}`;
}

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
