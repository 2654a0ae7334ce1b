// The shop's public origin for absolute URLs (sitemap, robots.txt, canonical links): PUBLIC_ORIGIN
// when set, else the origin this request came to (its Host header and protocol) when that host is
// one this server answers on, else this server's own URL. A forged Host never reaches a canonical,
// og:url or JSON-LD URL (issue 28, ADR-0062).
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { normalizeAddress } from '../client-address';

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port: nothing else. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim();
}

export interface PublicOriginSettings {
  /** PUBLIC_ORIGIN: wins when set. */
  publicOrigin?: string | null | undefined;
  /** Reverse proxies whose X-Forwarded-Proto and X-Forwarded-Host are believed. */
  trustedProxies: ReadonlySet<string>;
  /** When the request names no usable host (HTTP/1.0, a malformed Host): this server's own URL. */
  fallback: string;
  /** The origins this server answers on; a Host header naming another is not believed. */
  allowedOrigins: readonly string[];
}

/** Whether the request reached us over https: TLS here, or a trusted proxy says so. */
export function requestIsHttps(req: IncomingMessage, trustedProxies: ReadonlySet<string>): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  const peer = normalizeAddress(req.socket.remoteAddress ?? '');
  return (
    trustedProxies.has(peer) &&
    firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https'
  );
}

/**
 * The origin a request came to. Host is checked as a host (so a forged header cannot put markup
 * or another path into the URLs written from it); a trusted proxy may name the scheme and host
 * the shopper used.
 */
export function publicOriginOf(req: IncomingMessage, settings: PublicOriginSettings): string {
  if (settings.publicOrigin) return settings.publicOrigin;
  const peer = normalizeAddress(req.socket.remoteAddress ?? '');
  const viaProxy = settings.trustedProxies.has(peer);
  const forwardedProto = viaProxy ? firstValue(req.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = viaProxy ? firstValue(req.headers['x-forwarded-host']) : undefined;
  const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
  const protocol =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : encrypted
        ? 'https'
        : 'http';
  const host = forwardedHost ?? firstValue(req.headers.host);
  if (!host || !HOST.test(host)) return settings.fallback;
  const named = host.toLowerCase();
  const allowed = settings.allowedOrigins.some((origin) => new URL(origin).host === named);
  return allowed ? `${protocol}://${named}` : settings.fallback;
}
