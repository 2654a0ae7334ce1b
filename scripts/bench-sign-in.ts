// Sign-in under a guessing burst (issue 15): the reference API's peak memory (RSS) and another
// shopper's sign-in latency while 30 wrong guesses arrive at once. Not part of the gate.
//
//   npx tsx scripts/bench-sign-in.ts [--root DIR] [--guesses 30]
//
// Each scenario starts the API in its own process (NODE_ENV=production, so the real password
// hashing cost, and a fresh database), from DIR (default: this repository) so an older checkout
// can be measured the same way. The attacker and the shopper come from different addresses
// (X-Forwarded-For through a trusted proxy, 127.0.0.1); a server that ignores the header sees
// both as 127.0.0.1.
//   A: 30 guesses at one account (the demo account) at once, the shopper signs in meanwhile.
//   B: 30 guesses at 30 different unknown emails at once, the shopper signs in meanwhile.
//   C: as B, each guess from its own address (a botnet).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
}
const root = resolve(arg('--root', join(here, '..')));
const GUESSES = Number(arg('--guesses', '30'));
const SHOPPER = { email: 'shopper@bench.test', password: 'shopper-password-1' };

interface Child {
  url: string;
  child: ChildProcess;
  dir: string;
}

async function start(): Promise<Child> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-bench-sign-in-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DB_FILE: join(dir, 'shop.sqlite'),
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolvePromise, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready at (http:\/\/[^\s/]+)/.exec(out);
      if (match?.[1]) resolvePromise(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${String(code)}): ${out}`)));
  });
  return { url, child, dir };
}

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function post(
  url: string,
  path: string,
  body: unknown,
  from: string,
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
  await res.text();
  return { status: res.status, ms: Math.round(performance.now() - t0) };
}

async function scenario(
  name: string,
  target: (i: number) => string,
  from: (i: number) => string = () => '203.0.113.5',
): Promise<void> {
  const server = await start();
  const pid = server.child.pid ?? 0;
  try {
    const signup = await post(
      server.url,
      '/auth/signup',
      { username: 'shopper', ...SHOPPER },
      '198.51.100.7',
    );
    if (signup.status !== 201) throw new Error(`shopper sign-up answered ${signup.status}`);
    const alone = await post(
      server.url,
      '/auth/login',
      { loginInput: SHOPPER.email, password: SHOPPER.password },
      '198.51.100.7',
    );
    const before = rssMb(pid, 'VmRSS');
    const t0 = performance.now();
    const guesses = Array.from({ length: GUESSES }, (_, i) =>
      post(server.url, '/auth/login', { loginInput: target(i), password: `guess-${i}` }, from(i)),
    );
    const shopper = post(
      server.url,
      '/auth/login',
      { loginInput: SHOPPER.email, password: SHOPPER.password },
      '198.51.100.7',
    );
    const results = await Promise.all(guesses);
    const own = await shopper;
    const burstMs = Math.round(performance.now() - t0);
    const statuses: Record<number, number> = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    console.log(
      JSON.stringify({
        scenario: name,
        rssBeforeMb: before,
        rssPeakMb: rssMb(pid, 'VmHWM'),
        shopperAloneMs: alone.ms,
        shopperDuringBurst: own,
        burstMs,
        guessStatuses: statuses,
      }),
    );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(server.dir, { recursive: true, force: true });
  }
}

await scenario('A: one account', () => 'demo@lumen.test');
await scenario('B: 30 unknown emails', (i) => `nobody-${i}@bench.test`);
await scenario(
  'C: 30 unknown emails from 30 addresses',
  (i) => `nobody-${i}@bench.test`,
  (i) => `203.0.113.${i + 10}`,
);
