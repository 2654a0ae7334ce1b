// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies", ADR-0062): a
// successful password sign-in leaves a signed cookie naming the account and a random device id.
// A later password check for that account from a browser that sends it back is the owner's known
// device: the sign-in throttle counts its failures on the device, never on the account-wide
// allowance, so guesses from elsewhere cannot lock the owner out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const COOKIE = 'lumen_device';
/** Sent with every API call that may check a password (sign-in, linking, password and email changes). */
const COOKIE_PATH = '/api/v1';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const VALUE = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Signs with a key of its own, derived from the server's secret (never the token key itself). */
function sign(secret: string, userId: number, device: string): Buffer {
  const key = createHmac('sha256', secret).update('lumen device cookie v1').digest();
  return createHmac('sha256', key).update(`${userId}.${device}`).digest();
}

/** A fresh device cookie for `userId`: the Set-Cookie header value. */
export function deviceCookie(secret: string, userId: number, secure: boolean): string {
  const device = randomBytes(16).toString('base64url');
  const value = `${userId}.${device}.${sign(secret, userId, device).toString('base64url')}`;
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The device id of a valid device cookie for `userId` in a Cookie header, else null. */
export function knownDevice(
  cookieHeader: string | undefined,
  secret: string,
  userId: number | undefined,
): string | null {
  if (userId === undefined) return null;
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== COOKIE) continue;
    const match = VALUE.exec(rest.join('='));
    if (!match) continue;
    const [, uid = '', device = '', signature = ''] = match;
    if (Number(uid) !== userId) continue;
    const given = Buffer.from(signature, 'base64url');
    const expected = sign(secret, userId, device);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return device;
  }
  return null;
}
