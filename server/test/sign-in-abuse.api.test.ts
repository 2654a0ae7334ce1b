// Issue 15: sign-in that cannot be raced, used to lock others out, or used to exhaust the server.
// Each test failed on the code before its fix.
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, unusablePasswordHash } from '../src/auth';
import {
  login,
  signup,
  startTestServer,
  type ApiAnswer,
  type StartTestServerOptions,
  type TestServer,
  manualClock,
} from './test-server';

const SHOPPER_PASSWORD = 'secret123';

let servers: TestServer[] = [];
async function serve(options: StartTestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers) {
    expect(server.errors).toEqual([]);
    expect(server.violations).toEqual([]);
    await server.dispose();
  }
  servers = [];
});

function signIn(server: TestServer, email: string, password: string, from?: string) {
  return server.api('POST', '/auth/login', {
    body: { loginInput: email, password },
    ...(from ? { headers: { 'X-Forwarded-For': from } } : {}),
  });
}

function statusCounts(answers: ApiAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

describe('sign-in throttling', { timeout: 60_000 }, () => {
  it('30 parallel guesses are not all checked: at most the allowance is, one at a time', async () => {
    const server = await serve();
    const { email } = await signup(server.api);
    // All wrong: a right password among them, checked before the allowance is used up, clears the
    // account's count (as a sign-in by the owner should), and the guesses after it start again.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(server, email, `wrong-${i}`)),
    );
    const counts = statusCounts(answers);
    // Every answer that is not a 429 was a password check.
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(25);
  });

  it('5 wrong guesses from elsewhere do not lock the owner out', async () => {
    const server = await serve({ trustedProxies: ['127.0.0.1'] });
    const { email } = await signup(server.api);
    for (let i = 0; i < 8; i += 1) await signIn(server, email, `wrong-${i}`, '203.0.113.9');
    expect((await signIn(server, email, SHOPPER_PASSWORD, '203.0.113.9')).status).toBe(429);
    expect((await signIn(server, email, SHOPPER_PASSWORD, '198.51.100.20')).status).toBe(200);
  });

  it('waits grow with each failure instead of one fixed lock-out', async () => {
    const clock = manualClock();
    const server = await serve({ now: clock.now });
    const { email } = await signup(server.api);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(server, email, `wrong-${i}`)).status).toBe(401);
    }
    const first = await signIn(server, email, SHOPPER_PASSWORD);
    expect(first.status).toBe(429);
    const firstWait = Number(first.body.retryAfter);
    expect(firstWait).toBeLessThanOrEqual(60);
    clock.advance(firstWait * 1000);
    expect((await signIn(server, email, 'wrong-again')).status).toBe(401);
    const second = await signIn(server, email, SHOPPER_PASSWORD);
    expect(Number(second.body.retryAfter)).toBeGreaterThan(firstWait);
    expect(second.headers.get('retry-after')).toBe(String(second.body.retryAfter));
    clock.advance(Number(second.body.retryAfter) * 1000);
    expect((await signIn(server, email, SHOPPER_PASSWORD)).status).toBe(200);
  });

  it('failures from one address do not lock out the shoppers who signed in from it before', async () => {
    const server = await serve({ trustedProxies: ['127.0.0.1'] });
    const { email } = await signup(server.api);
    // No TRUSTED_PROXIES in front of the shop's proxy: everyone shares its address.
    const proxy = '192.0.2.50';
    expect((await signIn(server, email, SHOPPER_PASSWORD, proxy)).status).toBe(200);
    let status = 0;
    for (let i = 0; i < 200 && status !== 429; i += 1) {
      status = (await signIn(server, `nobody-${i}@lumen.test`, 'wrong-password', proxy)).status;
    }
    expect(status).toBe(429);
    expect((await signIn(server, email, SHOPPER_PASSWORD, proxy)).status).toBe(200);
  });

  it('reads X-Forwarded-For only from a trusted proxy', async () => {
    const server = await serve();
    let status = 0;
    // Each guess claims another address; untrusted, the header is ignored and the peer counted.
    for (let i = 0; i < 200 && status !== 429; i += 1) {
      status = (
        await signIn(server, `nobody-${i}@lumen.test`, 'wrong-password', `203.0.113.${i % 250}`)
      ).status;
    }
    expect(status).toBe(429);
  });

  it('throttles sign-ups per address', async () => {
    const server = await serve({ signInLimits: { addressSignups: 3 } });
    const answers: ApiAnswer[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        await server.api('POST', '/auth/signup', {
          body: { username: `many-${i}`, email: `many-${i}@lumen.test`, password: 'secret123' },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429, 429]);
    expect(answers[3]?.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(String(answers[3]?.body.message)).toMatch(
      /^Too many sign-up attempts\. Please try again in \d+ seconds\.$/,
    );
  });

  it('throttles wrong current passwords on a password change', async () => {
    const server = await serve();
    const { token } = await signup(server.api);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (
          await server.api('PATCH', '/auth/password', {
            token,
            body: { currentPassword: `wrong-${i}`, newPassword: 'another123' },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

/** The device cookie a sign-in answer set (name=value), or null. */
function deviceCookieOf(answer: ApiAnswer): string | null {
  const line = answer.headers.get('set-cookie') ?? '';
  return /^(lumen_device=[^;]+);/.exec(line)?.[1] ?? null;
}

function signInWith(
  server: TestServer,
  email: string,
  password: string,
  from: string,
  cookie?: string,
) {
  return server.api('POST', '/auth/login', {
    body: { loginInput: email, password },
    headers: { 'X-Forwarded-For': from, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe('no lockout of an owner: device cookies (issue 28)', { timeout: 60_000 }, () => {
  it('5 wrong guesses from each of 4 addresses slow the guessers, not the owner on their device', async () => {
    const server = await serve({ trustedProxies: ['127.0.0.1'] });
    const { email } = await signup(server.api);
    const home = '198.51.100.7';
    const signedIn = await signInWith(server, email, SHOPPER_PASSWORD, home);
    expect(signedIn.status).toBe(200);
    const cookie = deviceCookieOf(signedIn);
    expect(cookie).toBeTruthy();
    expect(signedIn.headers.get('set-cookie')).toMatch(
      /^lumen_device=[^;]+; Path=\/api\/v1; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    for (const guesser of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      for (let i = 0; i < 5; i += 1) {
        expect((await signInWith(server, email, `wrong-${i}`, guesser)).status).toBe(401);
      }
    }
    // The owner's browser, even from an address it never used: signed in.
    expect(
      (await signInWith(server, email, SHOPPER_PASSWORD, '192.0.2.77', cookie ?? '')).status,
    ).toBe(200);
    // From the address it signs in from, without the cookie: signed in as well.
    expect((await signInWith(server, email, SHOPPER_PASSWORD, home)).status).toBe(200);
    // Anyone else, even with the right password, waits: the account-wide allowance is spent.
    const elsewhere = await signInWith(server, email, SHOPPER_PASSWORD, '192.0.2.88');
    expect(elsewhere.status).toBe(429);
    expect(deviceCookieOf(elsewhere)).toBeNull();
  });

  it("another account's cookie or a forged one is no known device", async () => {
    const server = await serve({ trustedProxies: ['127.0.0.1'] });
    const owner = await signup(server.api);
    const other = await signup(server.api);
    const otherCookie = deviceCookieOf(
      await signInWith(server, other.email, SHOPPER_PASSWORD, '198.51.100.8'),
    );
    for (let g = 1; g <= 4; g += 1) {
      for (let i = 0; i < 5; i += 1)
        await signInWith(server, owner.email, `wrong-${i}`, `203.0.113.${g}`);
    }
    const [name, value = ''] = (otherCookie ?? '').split('=');
    const forged = `${name}=${value.replace(/^\d+/, '1')}`;
    for (const cookie of [otherCookie ?? '', forged, 'lumen_device=1.x.y']) {
      expect(
        (await signInWith(server, owner.email, SHOPPER_PASSWORD, '192.0.2.99', cookie)).status,
      ).toBe(429);
    }
  });

  it('guesses with a stolen device cookie are slowed on that device', async () => {
    const server = await serve({ trustedProxies: ['127.0.0.1'] });
    const { email } = await signup(server.api);
    const cookie = deviceCookieOf(
      await signInWith(server, email, SHOPPER_PASSWORD, '198.51.100.9'),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await signInWith(server, email, `wrong-${i}`, '203.0.113.50', cookie ?? '')).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('the cookie is Secure when the shopper came over https (a trusted proxy says so)', async () => {
    const server = await serve({ trustedProxies: ['127.0.0.1'] });
    const { email } = await signup(server.api);
    const answer = await server.api('POST', '/auth/login', {
      body: { loginInput: email, password: SHOPPER_PASSWORD },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });
});

describe('password hashing is bounded', { timeout: 60_000 }, () => {
  it('computes a few hashes at once, queues a few, and answers 503 with Retry-After past that', async () => {
    const server = await serve({
      trustedProxies: ['127.0.0.1'],
      // A slower hash so the burst overlaps; one at a time, two waiting.
      passwordHashParams: { N: 2 ** 14, r: 8, p: 1 },
      hashPool: { concurrency: 1, queue: 2 },
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.api('POST', '/auth/signup', {
          headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
          body: { username: `burst-${i}`, email: `burst-${i}@lumen.test`, password: 'secret123' },
        }),
      ),
    );
    const counts = statusCounts(answers);
    expect(counts[201]).toBeGreaterThanOrEqual(3);
    expect(counts[503]).toBeGreaterThanOrEqual(1);
    const busy = answers.find((a) => a.status === 503);
    expect(busy?.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is busy. Please try again in 2 seconds.',
      retryAfter: 2,
    });
    expect(busy?.headers.get('retry-after')).toBe('2');
  });

  it('an account without a password costs a wrong guess as much as one with a password', async () => {
    const server = await serve({
      passwordHashParams: { N: 2 ** 14, r: 8, p: 1 },
      signInLimits: { pairFailures: 1000, accountFailures: 1000, addressFailures: 1000 },
    });
    const { email } = await signup(server.api);
    await server.db.run(
      `INSERT INTO users (email, username, password_hash, token_version, created_by, created_at)
       VALUES ('nopass@lumen.test', 'No Password', ?, 0, 'IDP', ?)`,
      [unusablePasswordHash(), new Date().toISOString()],
    );
    const timed = async (account: string): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        expect((await signIn(server, account, `wrong-${i}`)).status).toBe(401);
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    };
    const withPassword = await timed(email);
    const withoutPassword = await timed('nopass@lumen.test');
    expect(withoutPassword).toBeGreaterThan(withPassword / 3);
  });

  it(
    'hashes new passwords with argon2id at OWASP parameters and upgrades scrypt hashes on sign-in',
    {
      timeout: 30_000,
    },
    async () => {
      const hash = await hashPassword('coffee123');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const server = await serve({
        passwordHashParams: {
          algorithm: 'argon2id',
          memoryCost: 19_456,
          timeCost: 2,
          parallelism: 1,
        },
      });
      const old = await hashPassword('coffee123', { N: 2 ** 17, r: 8, p: 1 });
      await server.db.run('UPDATE users SET password_hash = ? WHERE email = ?', [
        old,
        'demo@lumen.test',
      ]);
      await login(server.api);
      const row = await server.db.get<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = ?',
        ['demo@lumen.test'],
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await login(server.api);
    },
  );
});
