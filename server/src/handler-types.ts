import type { TokenClaims } from './auth';
import type { Db } from './db';

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface AppConfig {
  jwtSecret: string;
  /** Browser origins allowed by CORS (and as identity-provider return targets). */
  corsOrigins: string[];
  /** Origins this server itself answers on; the built SPA it serves lives there. */
  selfOrigins: string[];
  /** Honour X-Inject-Latency / X-Inject-Status (tests only). */
  faults: boolean;
  /** A delay added to every API answer (0 = none). */
  latencyMs: number;
  /** The built SPA to serve, or null for API only. */
  distDir: string | null;
  openapiFile?: string;
  logger: Logger;
  /** Called when an answer does not match openapi.yaml (tests turn this on). */
  onContractViolation?: (message: string) => void;
}

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  tokenVersion: number;
}

export interface HandlerContext {
  db: Db;
  /** The request's clock reading; one value for the whole request. */
  now: Date;
  config: AppConfig;
  operationId: string;
  /** The request path without the query. */
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  header(name: string): string | undefined;
  /** The signed-in caller (valid bearer token) when the operation reads identity, else null. */
  user: AuthUser | null;
  claims: TokenClaims | null;
}

export interface HandlerResult {
  status: number;
  /** JSON body; omitted for 204 and redirects. */
  body?: unknown;
  /** An HTML page instead of JSON. */
  html?: string;
  headers?: Record<string, string>;
}

export type Handler = (ctx: HandlerContext) => HandlerResult | Promise<HandlerResult>;
export type HandlerMap = Record<string, Handler>;

export function ok(body: unknown, status = 200): HandlerResult {
  return { status, body };
}
