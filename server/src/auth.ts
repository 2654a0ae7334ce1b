// HS256 JWTs with node:crypto; password hashes with argon2id (@node-rs/argon2), older scrypt
// hashes still verified and replaced at the next sign-in.
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

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
  /** The token's own id: signing out revokes it (tokens from before it existed have none). */
  jti?: string;
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
  const claims: TokenClaims = { ...input, iat, exp: iat + ttlSeconds, jti: randomToken(16) };
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
    Number.isSafeInteger(v.exp) &&
    (v.jti === undefined || (typeof v.jti === 'string' && v.jti.length <= 64))
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

interface Argon2Params {
  algorithm: 'argon2id';
  /** Memory in KiB. */
  memoryCost: number;
  /** Passes. */
  timeCost: number;
  parallelism: number;
}

/** What new password hashes are made with: argon2id in production, cheap scrypt in test suites. */
export type PasswordHashParams = ScryptParams | Argon2Params;

/**
 * OWASP's current minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, about
 * 128 MiB and 0.3 s a hash here. Hashes made with it are still verified (and upgraded).
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/**
 * OWASP's first choice (Password Storage Cheat Sheet): argon2id, m=19 MiB, t=2, p=1. About
 * 0.1 s a hash here, and 19 MiB instead of scrypt's 128 MiB, so a burst of sign-ins cannot
 * take the server's memory.
 */
const OWASP_ARGON2ID: Argon2Params = {
  algorithm: 'argon2id',
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};
export const DEFAULT_PASSWORD_HASH: PasswordHashParams = OWASP_ARGON2ID;

function isArgon2(params: PasswordHashParams): params is Argon2Params {
  return 'algorithm' in params && params.algorithm === 'argon2id';
}

const KEY_LENGTH = 32;
// Largest parameters a stored hash may ask for, so a forged row cannot make one sign-in eat gigabytes.
const MAX_N = 2 ** 20;
const MAX_ARGON2_MEMORY_KIB = 256 * 1024;
const MAX_ARGON2_TIME = 10;
const MAX_ARGON2_PARALLELISM = 8;

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

/** argon2id in the PHC string format (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), or `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(
  password: string,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
): Promise<string> {
  if (isArgon2(params)) {
    return argon2Hash(password, {
      // Algorithm.Argon2id: a const enum, which this project's module settings cannot read.
      algorithm: 2 as Algorithm,
      memoryCost: params.memoryCost,
      timeCost: params.timeCost,
      parallelism: params.parallelism,
      outputLen: KEY_LENGTH,
    });
  }
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
  /** The stored hash is weaker than `params` (or scrypt where argon2id is wanted): store a new one. */
  needsRehash: boolean;
}

const ARGON2_PARAMS = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** Whether a stored hash is one this server can check (not an account without a password). */
export function isUsableHash(stored: string): boolean {
  return parseStored(stored) !== null;
}

type Stored =
  | { kind: 'argon2id'; memoryCost: number; timeCost: number; parallelism: number }
  | { kind: 'scrypt'; params: ScryptParams; salt: Buffer; expected: Buffer };

function parseStored(stored: string): Stored | null {
  const argon = ARGON2_PARAMS.exec(stored);
  if (argon) {
    const [memoryCost, timeCost, parallelism] = [argon[1], argon[2], argon[3]].map(Number) as [
      number,
      number,
      number,
    ];
    if (
      memoryCost > MAX_ARGON2_MEMORY_KIB ||
      timeCost > MAX_ARGON2_TIME ||
      parallelism > MAX_ARGON2_PARALLELISM
    )
      return null;
    return { kind: 'argon2id', memoryCost, timeCost, parallelism };
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const N = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0) || N > MAX_N || r > 32 || p > 16)
    return null;
  return {
    kind: 'scrypt',
    params: { N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    expected: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

export async function checkPassword(
  password: string,
  stored: string,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
): Promise<PasswordCheck> {
  const parsed = parseStored(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  if (parsed.kind === 'argon2id') {
    let ok = false;
    try {
      ok = await argon2Verify(stored, password);
    } catch {
      ok = false;
    }
    // A test suite's cheap scrypt never replaces a real argon2id hash.
    const weaker =
      isArgon2(params) &&
      (parsed.memoryCost < params.memoryCost ||
        parsed.timeCost < params.timeCost ||
        parsed.parallelism < params.parallelism);
    return { ok, needsRehash: ok && weaker };
  }
  const key = await scryptAsync(password, parsed.salt, parsed.params);
  const ok = key.length === parsed.expected.length && timingSafeEqual(key, parsed.expected);
  const { N, r, p } = parsed.params;
  const weaker = isArgon2(params) || N < params.N || r < params.r || p < params.p;
  return { ok, needsRehash: ok && weaker };
}

export async function verifyPassword(
  password: string,
  stored: string,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
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
