// Starts the reference API (and the built SPA from dist/) on one port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp } from './app';
import { DEV_JWT_SECRET } from './auth';
import { BRAND_NAME } from './brand';
import { DEFAULT_DB_FILE, openDb, type Db } from './db';
import type { AppConfig, Logger } from './handler-types';
import { seedIfEmpty } from './seed';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_DIST_DIR = resolve(repoRoot, 'dist');
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error),
};

export interface StartServerOptions {
  port?: number;
  host?: string;
  dbFile?: string;
  jwtSecret?: string;
  corsOrigins?: string[];
  faults?: boolean;
  latencyMs?: number;
  /** The built SPA; null serves the API only. */
  distDir?: string | null;
  now?: () => Date;
  logger?: Logger;
  /** Report answers that do not match openapi.yaml (tests). */
  onContractViolation?: (message: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  server: Server;
  config: AppConfig;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const db = await openDb({ file: options.dbFile ?? DEFAULT_DB_FILE });
  await seedIfEmpty(db, now());
  const config: AppConfig = {
    jwtSecret: options.jwtSecret ?? DEV_JWT_SECRET,
    corsOrigins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
    selfOrigins: [],
    faults: options.faults ?? false,
    latencyMs: options.latencyMs ?? 0,
    distDir: options.distDir === undefined ? DEFAULT_DIST_DIR : options.distDir,
    logger: options.logger ?? consoleLogger,
    ...(options.onContractViolation ? { onContractViolation: options.onContractViolation } : {}),
  };
  const handler = createApp({ db, now, config });
  const server = createServer(handler);
  // Requests Node cannot even parse still get the one error shape (Node's default is a bare 400).
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({
      status,
      code: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
      message: tooLarge ? 'The request headers are too large' : 'Malformed HTTP request',
      path: '/',
      timestamp: now().toISOString(),
    });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // Slow or stalled clients cannot hold the single-threaded server forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  // The identity provider may return to the SPA this server serves itself.
  config.selfOrigins.push(url, `http://localhost:${port}`, `http://127.0.0.1:${port}`);
  let closed = false;
  return {
    url,
    port,
    db,
    server,
    config,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}

function envFlag(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true';
}

async function main(): Promise<void> {
  const secret = process.env.JWT_SECRET;
  if (!secret)
    console.warn(
      'JWT_SECRET is not set: using the development secret (never do this in production).',
    );
  else if (Buffer.byteLength(secret) < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  const running = await startServer({
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '127.0.0.1',
    ...(process.env.DB_FILE ? { dbFile: process.env.DB_FILE } : {}),
    ...(secret ? { jwtSecret: secret } : {}),
    ...(process.env.CORS_ORIGINS
      ? {
          corsOrigins: process.env.CORS_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
    faults: envFlag(process.env.API_FAULTS),
    latencyMs: Math.max(0, Number(process.env.API_LATENCY_MS ?? 0) || 0),
  });
  console.log(`${BRAND_NAME} database: ${running.db.file}`);
  console.log(`Storefront ready at ${running.url}/`);
  const stop = (signal: string): void => {
    console.log(`${signal}: shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
