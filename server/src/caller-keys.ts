// Who a caller is, for the limits that count callers (issue 28, ADR-0061, ADR-0062): keys that
// cost an attacker something to change (open-order caps, promo uses, sign-ins started). An email in any spelling that reaches the same mailbox is one key; a phone number is its
// digits; an IPv6 client is its /64 (one subscriber's whole prefix), an IPv4 client its address.
import { isIP } from 'node:net';

// Providers that ignore dots in the local part (Gmail's documented behaviour).
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/** Lower case, without a +tag, and for Gmail without dots: `A.B+x@GoogleMail.com` → `ab@gmail.com`. */
export function emailKey(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** A phone number's digits (spaces, dashes, brackets and a leading + dropped). */
export function phoneKey(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a, b, c, d] = v4[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

/** An IPv4 address as is; an IPv6 address as its /64 (`2001:db8:1:2::/64`); anything else as is. */
export function networkKey(address: string): string {
  const plain = address.trim().toLowerCase().split('%')[0] ?? '';
  if (isIP(plain) !== 6) return plain;
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}
