// The client's address (issue 15): the peer's, unless the peer is a trusted proxy, in which case
// the right-most X-Forwarded-For entry that is not itself a trusted proxy. Without trusted
// proxies configured the header is ignored, so a client cannot choose its own address.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** `::ffff:10.0.0.1` and `10.0.0.1` are one address. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

export function clientAddressOf(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = normalizeAddress(req.socket.remoteAddress ?? 'unknown');
  if (trustedProxies.size === 0 || !trustedProxies.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map(normalizeAddress)
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const hop = chain[i] as string;
    if (isIP(hop) === 0) return peer; // a malformed chain: trust nothing in it
    if (!trustedProxies.has(hop)) return hop;
  }
  return peer;
}
